import { STALL_DELAY_MS } from './constants.ts';

/** The player's states of SPEC.md §4 "Video player" (exposed as data-state on its root). */
export type PlayerState = 'stopped' | 'playing' | 'paused' | 'ended' | 'loading';

/** The media events the state follows (the HTMLMediaElement's own names). */
export const MEDIA_STATE_EVENTS = [
  'play',
  'playing',
  'pause',
  'ended',
  'emptied',
  'waiting',
  'stalled',
  'canplay',
  'canplaythrough',
  'seeked',
] as const;
export type MediaStateEvent = (typeof MEDIA_STATE_EVENTS)[number];

/** The state an event leaves the player in, not counting loading (which waits for the delay). */
export function baseStateAfter(
  state: Exclude<PlayerState, 'loading'>,
  event: MediaStateEvent,
): Exclude<PlayerState, 'loading'> {
  switch (event) {
    case 'play':
    case 'playing':
      return 'playing';
    case 'pause':
      // A media element pauses right before it ends; ended stays ended.
      return state === 'ended' ? 'ended' : 'paused';
    case 'ended':
      return 'ended';
    case 'emptied':
      return 'stopped';
    case 'seeked':
      // Sought back from the end: no longer ended, and paused until played.
      return state === 'ended' ? 'paused' : state;
    default:
      return state;
  }
}

const STALLING: ReadonlySet<MediaStateEvent> = new Set(['waiting', 'stalled']);
const RESUMING: ReadonlySet<MediaStateEvent> = new Set([
  'playing',
  'pause',
  'ended',
  'emptied',
  'canplay',
  'canplaythrough',
  'seeked',
]);

type Timers = {
  schedule: (run: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
};

/**
 * Follows a media element's events into one PlayerState. A stall shows as 'loading' only
 * once it has lasted `delayMs` (250 ms) with nothing resuming it, so a short wait never
 * flashes a spinner. `onChange` hears every change of the shown state.
 */
export function createPlayerStateTracker(
  onChange: (state: PlayerState) => void,
  { delayMs = STALL_DELAY_MS, timers }: { delayMs?: number; timers?: Timers } = {},
) {
  const clock: Timers = timers ?? {
    schedule: (run, ms) => setTimeout(run, ms),
    cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let base: Exclude<PlayerState, 'loading'> = 'stopped';
  let isLoading = false;
  let pending: unknown = null;
  let shown: PlayerState = 'stopped';

  const publish = () => {
    const next: PlayerState = isLoading ? 'loading' : base;
    if (next === shown) return;
    shown = next;
    onChange(next);
  };
  const cancelPending = () => {
    if (pending !== null) clock.cancel(pending);
    pending = null;
  };

  return {
    handle(event: MediaStateEvent) {
      base = baseStateAfter(base, event);
      if (STALLING.has(event)) {
        if (pending === null && !isLoading) {
          pending = clock.schedule(() => {
            pending = null;
            isLoading = true;
            publish();
          }, delayMs);
        }
      } else if (RESUMING.has(event)) {
        cancelPending();
        isLoading = false;
      }
      publish();
    },
    get state(): PlayerState {
      return shown;
    },
    dispose() {
      cancelPending();
    },
  };
}
