/**
 * The browser remembers its viewport width in this cookie, so the next server render
 * picks the right layout and column count at once instead of correcting after hydration.
 */
export const VIEWPORT_COOKIE = 'evc_vw';

/** The width the browser last reported, or null on a first visit. */
export function readViewportHint(cookieHeader: string | null): number | null {
  if (!cookieHeader) return null;
  const match = new RegExp(`(?:^|;\\s*)${VIEWPORT_COOKIE}=(\\d{2,5})`).exec(cookieHeader);
  return match ? Number(match[1]) : null;
}

/** Stores the current viewport width (browser only). */
export function writeViewportHint(width: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain non-secret hint; the Cookie Store API is not everywhere yet
  document.cookie = `${VIEWPORT_COOKIE}=${Math.round(width)}; path=/; max-age=31536000; SameSite=Lax`;
}
