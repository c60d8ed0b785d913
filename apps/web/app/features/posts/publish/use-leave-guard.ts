import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { isOwnComposerNavigation } from './composer-url.ts';

/**
 * Asks before the composer is left with unsaved changes: React Router's blocker for
 * in-app navigation (the page shows a confirm dialog for `blocker.state === 'blocked'`)
 * and the browser's own prompt (beforeunload) for closing or reloading the tab.
 * `leaveFreely()` lets the next navigation through (after publishing).
 */
export function useLeaveGuard(shouldAsk: boolean) {
  const askRef = useRef(shouldAsk);
  const isReleased = useRef(false);
  useEffect(() => {
    askRef.current = shouldAsk;
  });

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (!askRef.current || isReleased.current) return false;
    if (isOwnComposerNavigation(nextLocation)) return false;
    return currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
  }, []);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!askRef.current || isReleased.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const leaveFreely = useCallback(() => {
    isReleased.current = true;
  }, []);

  return { blocker, leaveFreely };
}
