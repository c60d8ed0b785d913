import { useEffect } from 'react';

let locks = 0;
let saved = '';

/**
 * Keeps the page behind from scrolling while `isLocked` (a list modal is open). The
 * page keeps its scroll position, so closing shows the list exactly where it was.
 * Counted, so nested lockers do not unlock each other.
 */
export function useScrollLock(isLocked: boolean) {
  useEffect(() => {
    if (!isLocked) return;
    const html = document.documentElement;
    if (locks === 0) {
      saved = html.style.overflow;
      html.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) html.style.overflow = saved;
    };
  }, [isLocked]);
}
