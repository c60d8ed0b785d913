// What a link in user content needs on every page that shows one (user-link.tsx): kept
// apart from the navigation guard and the interstitial's own reading (link-guard.ts).

/** The path of the page that stands between a user's link and another site (docs/decisions/0025). */
export const INTERSTITIAL_PATH = '/go';

/** A link to another site: a new tab that cannot reach back, no referrer, marked as user content. */
export const EXTERNAL_LINK_REL = 'noopener noreferrer ugc';

export function parseUrl(url: string, origin: string): URL | null {
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

export const isWebUrl = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/**
 * True when `url` leads away from `origin` (another scheme, host or port). A relative
 * address is ours; an address that does not parse, or is not http(s), is not.
 */
export function isExternalUrl(url: string, origin: string): boolean {
  const target = parseUrl(url, origin);
  if (!target) return true;
  return target.origin !== new URL(origin).origin;
}

/** The interstitial's address for a link to another site. */
export function interstitialHref(url: string): string {
  return `${INTERSTITIAL_PATH}?url=${encodeURIComponent(url)}`;
}
