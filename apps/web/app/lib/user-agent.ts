import { isbot } from 'isbot';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|SM-T\d|MatePad|HarmonyOS.*Pad|Android(?!.*Mobile)/i;
const PHONE =
  /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini|Mobile.*Firefox|HarmonyOS|MicroMessenger.*Mobile|\bMobile\b/i;

/** True for phones (not tablets), judged by the user agent (SPEC.md §2 layout choice). */
export function isPhoneUserAgent(userAgent: string): boolean {
  if (!userAgent || TABLET.test(userAgent)) return false;
  return PHONE.test(userAgent);
}

/**
 * True for crawlers and link-preview bots (isbot's list). They always get full pages:
 * a post is never turned into a modal for them (SPEC.md §2).
 */
export function isCrawlerUserAgent(userAgent: string): boolean {
  return isbot(userAgent);
}
