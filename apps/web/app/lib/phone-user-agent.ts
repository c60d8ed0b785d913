// Apart from user-agent.ts (which carries isbot's long list, for the server), so that the
// browser's layout check can judge a user agent by the same rule for a few hundred bytes.
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|SM-T\d|MatePad|HarmonyOS.*Pad|Android(?!.*Mobile)/i;
const PHONE =
  /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini|Mobile.*Firefox|HarmonyOS|MicroMessenger.*Mobile|\bMobile\b/i;

/** True for phones (not tablets), judged by the user agent (SPEC.md §2 layout choice). */
export function isPhoneUserAgent(userAgent: string): boolean {
  if (!userAgent || TABLET.test(userAgent)) return false;
  return PHONE.test(userAgent);
}
