import { BUILD_CHECK_INTERVAL_MS } from '@evcircle/contract/client';
import { useEffect, useState } from 'react';
import { fetchLatestBuildId } from '~/lib/build-info.ts';

/**
 * SPEC.md §2: notices a new deployment by polling the build descriptor every
 * BUILD_CHECK_INTERVAL_MS and whenever the tab becomes visible again. Returns true once
 * the server runs a build other than the one this page was rendered from.
 */
export function useBuildCheck(currentBuildId: string | undefined): boolean {
  const [isOutdated, setIsOutdated] = useState(false);

  useEffect(() => {
    if (!currentBuildId || isOutdated) return;
    let isActive = true;
    const check = async () => {
      try {
        const latest = await fetchLatestBuildId();
        if (isActive && latest && latest !== currentBuildId) setIsOutdated(true);
      } catch {
        // Offline or restarting: the next tick tries again.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      isActive = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [currentBuildId, isOutdated]);

  return isOutdated;
}
