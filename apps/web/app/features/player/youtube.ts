import { PLAYER_MESSAGES } from './messages.ts';

/** YouTube IFrame API error codes and the fixed message each shows (SPEC.md §8). */
export const YOUTUBE_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  2: PLAYER_MESSAGES.youtubeError2,
  5: PLAYER_MESSAGES.youtubeError5,
  100: PLAYER_MESSAGES.youtubeError100,
  101: PLAYER_MESSAGES.youtubeError101,
  150: PLAYER_MESSAGES.youtubeError150,
};

/** The message for a YouTube player error code (a general one for codes it does not document). */
export function youtubeErrorMessage(code: number): string {
  return YOUTUBE_ERROR_MESSAGES[code] ?? PLAYER_MESSAGES.embedFailed;
}

/** YouTube IFrame API player states (onStateChange's data). */
export const YOUTUBE_STATE = { unstarted: -1, ended: 0, playing: 1, paused: 2, buffering: 3, cued: 5 } as const;

/**
 * One message from the YouTube embed (the IFrame API's postMessage protocol: JSON with an
 * `event` of onReady, onStateChange, onError, infoDelivery…), or null for anything else.
 */
export function parseYoutubeMessage(data: unknown): { event: string; info: unknown } | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { event, info } = value as { event?: unknown; info?: unknown };
  return typeof event === 'string' ? { event, info } : null;
}

/** The command the embed page understands (sent with postMessage as a JSON string). */
export function youtubeCommand(func: string, args: unknown[] = []): string {
  return JSON.stringify({ event: 'command', func, args });
}

/** The first message the embed waits for before it sends events. */
export function youtubeListening(id: string): string {
  return JSON.stringify({ event: 'listening', id, channel: 'widget' });
}
