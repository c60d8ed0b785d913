import type { PublicConfig } from '@evcircle/contract/client';
import { useEffect } from 'react';
import { ShellEffects, useRouteLayout } from '~/features/layout/index.ts';
import { writeViewportHint } from '~/lib/viewport-hint.ts';
import { PwaEffects } from '../pwa/index.ts';
import { setLiveUser } from '../realtime/index.ts';
import { NewVersion } from './new-version.tsx';
import { usePageViews } from './page-views.ts';

type PlatformEffectsProps = {
  analytics: PublicConfig['analytics'] | undefined;
  /** The build this page was rendered from (the new-version check compares with it). */
  buildId: string | undefined;
  /** The logged-in user (null when logged out): their live connection opens and closes with it. */
  viewerId: number | null;
};

/**
 * Browser-side chores every page shares: page views, the viewport hint, the watch for a
 * newer build (whose banner it shows). Loaded after the page (lazy-platform-effects.tsx).
 */
export function PlatformEffects({ analytics, buildId, viewerId }: PlatformEffectsProps) {
  usePageViews(analytics);
  const layout = useRouteLayout();

  // Messages, notifications and unread badges arrive live while someone is logged in.
  useEffect(() => {
    setLiveUser(viewerId);
  }, [viewerId]);

  // The app is running: a page with first-screen covers fetches it only once they have
  // arrived (lib/scripts-after-paint.server.ts), and the browser tests wait for this mark
  // before their first tap, as a reader's tap would.
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
  }, []);

  // Tell the next server render how wide this window is (layout and column count).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const remember = () => {
      clearTimeout(timer);
      timer = setTimeout(() => writeViewportHint(window.innerWidth), 300);
    };
    writeViewportHint(window.innerWidth);
    window.addEventListener('resize', remember);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', remember);
    };
  }, []);

  return (
    <>
      <NewVersion buildId={buildId} />
      <ShellEffects layout={layout} />
      {/* The installable app (service worker, offline feed, install bar): its own chunk, after this one. */}
      <PwaEffects viewerId={viewerId} />
    </>
  );
}
