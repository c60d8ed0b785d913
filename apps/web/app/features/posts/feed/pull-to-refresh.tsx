import { ArrowDown, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { FEED_MESSAGES } from './messages.ts';

/** How far (after damping) the list must be pulled before letting go refreshes it. */
const THRESHOLD_PX = 64;
/** The indicator never grows past this. */
const MAX_PULL_PX = 110;
/** Finger travel is halved: the list follows the finger with some resistance, as native lists do. */
const DAMPING = 0.5;

type Phase = 'idle' | 'pulling' | 'refreshing';

type PullState = { phase: Phase; distance: number };

/**
 * The pull-to-refresh gesture: a single finger dragged down while the page is scrolled
 * to the very top. Past the threshold, letting go calls `onRefresh` and holds the
 * indicator until it settles. Touch only (phones); a mouse never triggers it.
 */
function usePullToRefresh(onRefresh: () => Promise<void>, isEnabled: boolean): PullState {
  const [state, setState] = useState<PullState>({ phase: 'idle', distance: 0 });
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  });
  const phaseRef = useRef<Phase>('idle');
  phaseRef.current = state.phase;

  useEffect(() => {
    if (!isEnabled) return;
    let start: { x: number; y: number } | null = null;
    let isPulling = false;
    let distance = 0;

    const reset = () => {
      start = null;
      isPulling = false;
      distance = 0;
    };
    const onStart = (event: TouchEvent) => {
      reset();
      if (phaseRef.current === 'refreshing' || event.touches.length !== 1 || window.scrollY > 0) return;
      const touch = event.touches[0];
      if (touch) start = { x: touch.clientX, y: touch.clientY };
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch || event.touches.length !== 1) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (!isPulling) {
        // Decide once: a sideways or upward move is not a pull (swipes, ordinary scrolling).
        if (Math.abs(dy) < 6 && Math.abs(dx) < 6) return;
        if (dy <= 0 || Math.abs(dx) > Math.abs(dy) || window.scrollY > 0) {
          start = null;
          return;
        }
        isPulling = true;
      }
      // NOTE: our listener is not passive, so this keeps the browser's own overscroll
      // (and Chrome's reload-on-pull) out of the way while we draw ours.
      if (event.cancelable) event.preventDefault();
      distance = Math.min(MAX_PULL_PX, Math.max(0, dy * DAMPING));
      setState({ phase: 'pulling', distance });
    };
    const onEnd = () => {
      if (!isPulling) {
        reset();
        return;
      }
      const isPastThreshold = distance >= THRESHOLD_PX;
      reset();
      if (!isPastThreshold) {
        setState({ phase: 'idle', distance: 0 });
        return;
      }
      setState({ phase: 'refreshing', distance: THRESHOLD_PX });
      refreshRef.current().finally(() => setState({ phase: 'idle', distance: 0 }));
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: false });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [isEnabled]);

  return state;
}

type PullToRefreshProps = {
  /** Reloads the list's first page; a rejection is the caller's to report (it is swallowed here). */
  onRefresh: () => Promise<void>;
  /** Off on desktop, and while something covers the list (the post modal). */
  isEnabled: boolean;
};

/**
 * The indicator above a feed: it opens as the finger pulls (下拉刷新 → 释放刷新), then spins
 * with 正在刷新… until the first page is back. It takes room in the flow, so the list
 * visibly moves down with the finger.
 */
export function PullToRefresh({ onRefresh, isEnabled }: PullToRefreshProps) {
  const { phase, distance } = usePullToRefresh(onRefresh, isEnabled);
  const isReady = phase === 'refreshing' || distance >= THRESHOLD_PX;
  const label =
    phase === 'refreshing'
      ? FEED_MESSAGES.refreshing
      : isReady
        ? FEED_MESSAGES.releaseToRefresh
        : FEED_MESSAGES.pullToRefresh;
  return (
    <div
      data-testid="pull-to-refresh"
      data-phase={phase}
      aria-hidden={phase === 'idle'}
      className={cn(
        'flex items-end justify-center overflow-hidden text-xs text-gray-500 dark:text-gray-400',
        phase !== 'pulling' && 'transition-[height] duration-200',
      )}
      style={{ height: distance }}
    >
      {phase === 'idle' ? null : (
        <span role="status" className="flex h-16 items-center gap-1.5">
          {phase === 'refreshing' ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary-600" />
          ) : (
            <ArrowDown
              aria-hidden="true"
              className={cn('size-4 transition-transform', isReady && 'rotate-180 text-primary-600')}
            />
          )}
          {label}
        </span>
      )}
    </div>
  );
}
