import type { Account, PublicConfig } from '@evcircle/contract/client';
import { useRouteLoaderData } from 'react-router';

/** What the root loader hands every page. */
export type RootData = {
  publicConfig: PublicConfig;
  /** The user agent is a phone (not a tablet). */
  isPhone: boolean;
  /**
   * A crawler or link-preview bot (isbot's list, judged on the server so the browser
   * bundle does not carry the list): it always gets full pages, never the post modal.
   */
  isCrawler: boolean;
  /** Viewport width the browser last reported (cookie), null on a first visit. */
  viewportHint: number | null;
  /** The logged-in account (from the session cookie), null when logged out. */
  viewer: Account | null;
};

/**
 * The root loader's data. Undefined only while the root itself is failing (its error
 * boundary renders without it), so callers get a safe fallback instead.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
