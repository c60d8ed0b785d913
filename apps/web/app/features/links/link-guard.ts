import { isExternalUrl, isWebUrl, parseUrl } from './interstitial.ts';

export { EXTERNAL_LINK_REL, INTERSTITIAL_PATH, interstitialHref, isExternalUrl } from './interstitial.ts';

/** Longest address followed or linked (longer ones stay plain text). */
export const MAX_LINK_LENGTH = 2048;

/** The part of `window.location` navigation uses (a test passes its own). */
export type LocationLike = Pick<Location, 'origin' | 'assign'>;

/**
 * Leaves the page for `url`. SPEC.md §8: navigating to an external URL without explicit
 * permission raises an error, so code that sends the browser to another site (a payment
 * provider's cashier) says so with `allowExternal: true`; an address from user input
 * never gets that far (it goes through the interstitial). Anything but http(s) is refused
 * whatever the permission (javascript:, data:).
 */
export function navigateExternal(
  url: string,
  options: { allowExternal?: boolean } = {},
  location: LocationLike = window.location,
): void {
  const target = parseUrl(url, location.origin);
  if (!target || !isWebUrl(target)) {
    throw new Error(`Refused to navigate to "${url}": only http and https addresses are followed`);
  }
  if (options.allowExternal !== true && isExternalUrl(target.href, location.origin)) {
    throw new Error(`Refused to navigate to the external URL "${url}" without explicit permission (allowExternal)`);
  }
  location.assign(target.href);
}

/** Why the interstitial will not lead somewhere. */
export type RefusalReason = 'missing' | 'scheme' | 'invalid' | 'too-long';

/** Where the interstitial leads: the normalised address and its host, or why not. */
export type Destination = { ok: true; url: string; host: string } | { ok: false; reason: RefusalReason };

/** Reads the interstitial's `url` value: an absolute http(s) address within the length limit. */
export function readDestination(raw: string | null): Destination {
  const value = raw?.trim() ?? '';
  if (!value) return { ok: false, reason: 'missing' };
  if (value.length > MAX_LINK_LENGTH) return { ok: false, reason: 'too-long' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!isWebUrl(url)) return { ok: false, reason: 'scheme' };
  if (!url.hostname) return { ok: false, reason: 'invalid' };
  return { ok: true, url: url.href, host: url.host };
}
