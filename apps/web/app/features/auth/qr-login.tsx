import {
  ApiError,
  type LoginResult,
  SCAN_POLL_INTERVAL_MS,
  SCAN_POLL_MAX_FAILURES,
  SCAN_STATUS,
  STATUS,
  scanCode,
  scanStatus,
} from '@evcircle/contract/client';
import { CheckCircle2, Loader2, RotateCw, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { LOGIN_MESSAGES } from './login-messages.ts';

/** How long to wait before reloading when a confirmed scan arrives without userInfo (SPEC.md §4). */
const RELOAD_DELAY_MS = 500;

type QrState =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string } // the QR could not be made
  | { phase: 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'poll-failed'; image: string };

type QrLoginProps = {
  /** The browser is now logged in (the server set the session cookie). */
  onLoggedIn: (result: LoginResult) => void;
};

/**
 * The QR tab (SPEC.md §4 "Scan login status"): makes a code, shows its QR, and polls
 * every second: 1 scanned, 2 confirmed (logged in), -1 expired with a refresh button.
 * Polling stops on 2 and -1, after 5 failures in a row, and when the tab unmounts
 * (modal closed, other tab chosen).
 */
export function QrLogin({ onLoggedIn }: QrLoginProps) {
  const api = useApi();
  const [state, setState] = useState<QrState>({ phase: 'loading' });
  const [generation, setGeneration] = useState(0);
  const onLoggedInRef = useRef(onLoggedIn);
  onLoggedInRef.current = onLoggedIn;

  const refresh = useCallback(() => setGeneration((g) => g + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the refresh trigger
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    setState({ phase: 'loading' });

    async function poll(code: string, image: string) {
      if (!alive) return;
      try {
        const answer = await api.call(scanStatus, { scanCode: code });
        if (!alive) return;
        failures = 0;
        if (answer.status === SCAN_STATUS.CONFIRMED) {
          setState({ phase: 'confirmed', image });
          if (answer.userInfo?.token) onLoggedInRef.current(answer.userInfo);
          // No userInfo: another poll already took the token; the cookie is set, reload to pick it up.
          else timer = setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
          return;
        }
        if (answer.status === SCAN_STATUS.EXPIRED) {
          setState({ phase: 'expired', image });
          return;
        }
        setState({ phase: answer.status === SCAN_STATUS.SCANNED ? 'scanned' : 'waiting', image });
      } catch {
        if (!alive) return;
        failures++;
        if (failures >= SCAN_POLL_MAX_FAILURES) {
          setState({ phase: 'poll-failed', image });
          return;
        }
      }
      timer = setTimeout(() => poll(code, image), SCAN_POLL_INTERVAL_MS);
    }

    api
      .call(scanCode, {})
      .then((made) => {
        if (!alive) return;
        setState({ phase: 'waiting', image: made.qrcodeUrl });
        timer = setTimeout(() => poll(made.scanCode, made.qrcodeUrl), SCAN_POLL_INTERVAL_MS);
      })
      .catch((error: unknown) => {
        if (!alive) return;
        // A rate limit says how long to wait; anything else gets the SPEC.md §8 message.
        const limited = error instanceof ApiError && error.status === STATUS.RATE_LIMITED;
        setState({ phase: 'failed', message: limited ? error.message : LOGIN_MESSAGES.qrFailed });
      });

    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, generation]);

  const image = 'image' in state ? state.image : null;
  const dimmed = state.phase === 'expired' || state.phase === 'poll-failed' || state.phase === 'failed';
  const covered = dimmed || state.phase === 'scanned' || state.phase === 'confirmed';

  return (
    <div className="flex flex-col items-center gap-4 pt-2" data-testid="qr-login" data-phase={state.phase}>
      <div className="relative size-52 overflow-hidden rounded-2xl border border-gray-200 bg-white p-2 shadow-sm dark:border-gray-700">
        {image ? (
          <img
            src={image}
            alt={LOGIN_MESSAGES.qrAlt}
            width={192}
            height={192}
            data-testid="qr-image"
            className={cn('size-full', covered && 'opacity-10 blur-[1px]')}
          />
        ) : (
          <div className="flex size-full items-center justify-center" aria-hidden="true">
            {state.phase === 'loading' ? <Loader2 className="size-8 animate-spin text-gray-400" /> : null}
          </div>
        )}
        {covered ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
            {state.phase === 'scanned' ? (
              <Smartphone aria-hidden="true" className="size-10 text-primary-600" />
            ) : state.phase === 'confirmed' ? (
              <CheckCircle2 aria-hidden="true" className="size-10 text-primary-600" />
            ) : (
              <button
                type="button"
                onClick={refresh}
                className="inline-flex items-center gap-1.5 rounded-full bg-primary-600 px-4 py-2 text-sm font-medium text-white shadow hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
              >
                <RotateCw aria-hidden="true" className="size-4" />
                {LOGIN_MESSAGES.qrRefresh}
              </button>
            )}
          </div>
        ) : null}
      </div>
      <p
        role={dimmed ? 'alert' : 'status'}
        className={cn(
          'min-h-6 text-center text-[15px] font-medium',
          dimmed ? 'text-red-600 dark:text-red-400' : 'text-gray-900 dark:text-gray-100',
        )}
        data-testid="qr-message"
      >
        {state.phase === 'failed' ? state.message : qrMessage(state.phase)}
      </p>
      {state.phase === 'waiting' || state.phase === 'loading' ? (
        <p className="-mt-2 max-w-64 text-center text-xs leading-5 text-gray-500 dark:text-gray-400">
          {LOGIN_MESSAGES.qrHint}
        </p>
      ) : null}
    </div>
  );
}

function qrMessage(phase: Exclude<QrState['phase'], 'failed'>): string {
  switch (phase) {
    case 'loading':
      return LOGIN_MESSAGES.qrLoading;
    case 'waiting':
      return LOGIN_MESSAGES.qrPrompt;
    case 'scanned':
      return LOGIN_MESSAGES.qrScanned;
    case 'confirmed':
      return LOGIN_MESSAGES.qrConfirmed;
    case 'expired':
      return LOGIN_MESSAGES.qrExpired;
    case 'poll-failed':
      return LOGIN_MESSAGES.qrPollFailed;
  }
}
