import { bookmarkHost } from '@evcircle/contract/client';

/** The host shown under a bookmark's title (`www.` dropped), or the URL itself when it does not parse. */
export function displayHost(url: string): string {
  try {
    return bookmarkHost(url).replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The letter of a link's tile when it has no icon: the host's first letter or digit, upper case ('#' for none). */
export function tileLetter(url: string): string {
  const host = displayHost(url);
  const first = Array.from(host).find((char) => /[\p{L}\p{N}]/u.test(char));
  return first ? first.toUpperCase() : '#';
}

/** Tile colours, picked by the host so one site always gets the same one. */
const TILE_COLOURS = [
  'bg-sky-600',
  'bg-emerald-600',
  'bg-amber-600',
  'bg-rose-600',
  'bg-violet-600',
  'bg-teal-600',
  'bg-orange-600',
  'bg-indigo-600',
] as const;

export function tileColour(url: string): string {
  let hash = 0;
  for (const char of displayHost(url)) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return TILE_COLOURS[hash % TILE_COLOURS.length] ?? TILE_COLOURS[0];
}

/** Whether `url` is a page of this site (`publicUrl`'s origin): its row shows our logo. */
export function isOwnSite(url: string, publicUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** What the list asks for, a folder ('' = 全部) and a search word, as one key that restarts paging. */
export function listKey(folder: string, word: string): string {
  return `${folder}\n${word}`;
}
