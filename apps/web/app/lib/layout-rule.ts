import { MOBILE_BREAKPOINT_PX } from '@evcircle/contract/client';
import { isPhoneUserAgent } from './phone-user-agent.ts';

// isNarrowViewport lives with useIsMobile, which every page loads: the rest of this file
// is for the lazy layout check, and a module both share would join every first load whole.
export { isNarrowViewport } from './use-is-mobile.ts';

/** Which side of SPEC.md §2's layout choice a responsive layout is drawn for. */
export type LayoutKind = 'mobile' | 'desktop';

/** The same test as a media query, for the CSS's own view of the viewport (768 px and up is not narrow). */
export const NARROW_VIEWPORT_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * SPEC.md §2 layout choice: the mobile layout on a phone (not a tablet, by user agent)
 * or in a narrow viewport; the desktop layout otherwise.
 */
export function layoutKindFor(userAgent: string, isNarrow: boolean): LayoutKind {
  return isPhoneUserAgent(userAgent) || isNarrow ? 'mobile' : 'desktop';
}

/**
 * The side a rendered layout (its `data-layout`: default-mobile, post-desktop, …) was
 * drawn for; null for the layouts drawn the same on every device (mobile, nonav, none).
 */
export function renderedLayoutKind(dataLayout: string | null | undefined): LayoutKind | null {
  if (dataLayout?.endsWith('-mobile')) return 'mobile';
  if (dataLayout?.endsWith('-desktop')) return 'desktop';
  return null;
}

/** A layout drawn for the other side than the rule wants. */
export type WrongLayout = { rendered: string; expected: LayoutKind };

/** The wrong layout in use, or null when the one rendered is right (or the same everywhere). */
export function findWrongLayout(
  dataLayout: string | null | undefined,
  userAgent: string,
  isNarrow: boolean,
): WrongLayout | null {
  const kind = renderedLayoutKind(dataLayout);
  if (!dataLayout || kind === null) return null;
  const expected = layoutKindFor(userAgent, isNarrow);
  return kind === expected ? null : { rendered: dataLayout, expected };
}
