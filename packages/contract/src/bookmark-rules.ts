// Bookmark rules both sides use (zod-free, so the browser's /bookmarks page takes them
// without the schemas). See bookmarks.ts and docs/decisions/0024-bookmarks.md.

/** Longest URL a bookmark or a history entry keeps (characters, after normalising). */
export const BOOKMARK_URL_MAX_LENGTH = 2048;
/** A bookmark's title, note and folder name: at most this many characters. */
export const BOOKMARK_TITLE_MAX_LENGTH = 200;
export const BOOKMARK_NOTE_MAX_LENGTH = 500;
export const BOOKMARK_FOLDER_MAX_LENGTH = 20;
/** Bookmarks one person keeps at most; the next save answers BOOKMARK_LIMIT. */
export const BOOKMARK_MAX_PER_USER = 5000;
/** Recent URLs one person's history keeps: the newest this many. */
export const BOOKMARK_HISTORY_LIMIT = 50;
/** Hot links listed by default, and the window (days) and the fewest different savers that make a link hot. */
export const BOOKMARK_HOT_SIZE = 10;
export const BOOKMARK_HOT_WINDOW_DAYS = 30;
export const BOOKMARK_HOT_MIN_SAVERS = 2;

/**
 * The one form a URL is stored and compared in, or null when it is not an absolute
 * http(s) URL a bookmark may hold: scheme and host lower-cased (URL does it), the default
 * port and the fragment dropped, no user name or password, a host that is a name or an
 * address (never empty). Both sides use it: the server to dedupe, the page to check as
 * one types.
 */
export function normalizeBookmarkUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > BOOKMARK_URL_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  url.hash = '';
  const normal = url.toString();
  return normal.length > BOOKMARK_URL_MAX_LENGTH ? null : normal;
}

/** The host a bookmark's URL names (lower case, IPv6 without brackets), for blocklists and letter tiles. */
export function bookmarkHost(normalUrl: string): string {
  return new URL(normalUrl).hostname.replace(/^\[|\]$/g, '');
}

/**
 * Whether `host` is `domain` or one of its subdomains (`m.example.com` is under
 * `example.com`; `badexample.com` is not).
 */
export function hostIsUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}
