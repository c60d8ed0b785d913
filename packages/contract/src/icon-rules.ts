// Icons picked by name at run time (SPEC.md §7 "Other", §9 "Icon fetch"; zod-free, so the
// browser takes them without the schemas). The server answers the Iconify API's own format
// at ICON_API_PATH from the sets below; docs/decisions/0026-icons.md.

/** The icon sets the server holds (each an `@iconify-json/<prefix>` package). */
export const ICON_COLLECTIONS = ['mdi', 'tabler', 'lucide'] as const;
export type IconCollection = (typeof ICON_COLLECTIONS)[number];

/** Where the icon service answers: `${ICON_API_PATH}/{collection}.json?icons=a,b`. */
export const ICON_API_PATH = '/api/icons';

/** SPEC.md §9: no icon URL longer than this (names are split over several requests). */
export const ICON_MAX_URL_LENGTH = 500;
/** SPEC.md §9: an icon request unanswered after this long has failed. */
export const ICON_FETCH_TIMEOUT_MS = 5000;
/** SPEC.md §9: after this long without an answer the next icon host is tried (we have one). */
export const ICON_FETCH_ROTATE_MS = 750;
/**
 * Most names one request may ask for. A URL of ICON_MAX_URL_LENGTH holds fewer than 250
 * one-letter names, so only a client that ignores the limit meets this cap.
 */
export const ICON_MAX_NAMES_PER_REQUEST = 250;
/** Longest icon name (without the prefix); the longest in our sets has 40 characters. */
export const ICON_NAME_MAX_LENGTH = 64;

/** An icon's name inside its set, as Iconify writes it: `car-battery`. */
export const ICON_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A full icon name an admin types: `mdi:car-battery` (the prefix of a set we hold). */
export const ICON_FULL_NAME_PATTERN = new RegExp(`^(?:${ICON_COLLECTIONS.join('|')}):[a-z0-9]+(?:-[a-z0-9]+)*$`);

/** `mdi:car-battery` → {prefix: 'mdi', name: 'car-battery'}; null for anything else. */
export function parseIconName(text: string): { prefix: IconCollection; name: string } | null {
  if (text.length > ICON_NAME_MAX_LENGTH + 10 || !ICON_FULL_NAME_PATTERN.test(text)) return null;
  const colon = text.indexOf(':');
  const name = text.slice(colon + 1);
  if (name.length > ICON_NAME_MAX_LENGTH) return null;
  return { prefix: text.slice(0, colon) as IconCollection, name };
}
