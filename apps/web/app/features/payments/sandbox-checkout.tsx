import {
  ApiError,
  type EndpointData,
  formatMessage,
  type sandboxCheckout,
  sandboxComplete,
} from '@evcircle/contract/client';
// Icons no other page's first load draws: one the sandbox shared would be cut into a chunk of
// its own, a file more for that page too (vite-plugins/first-load-chunks.ts).
import { FlaskConical, OctagonAlert, SquareCheck, SquareX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { navigateExternal } from '~/features/links/index.ts';
import { useApi } from '~/lib/api.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { PAYMENTS_MESSAGES } from './messages.ts';
import { formatAmount, formatCountdown } from './pay-time.ts';
import { useSecondsLeft } from './use-seconds-left.ts';

export type SandboxCheckout = EndpointData<typeof sandboxCheckout>;

/** The checkout address's two parts: whoever holds them may pay this attempt. */
export type SandboxTicket = { trade_no: string; t: string };

type Outcome = 'paid' | 'failed';

/**
 * 沙箱收银台: the local stand-in for a provider's cashier. 支付成功 / 支付失败 make the server
 * send itself the signed notification a provider would (so the order is settled by the
 * same path as a real payment), then go back to the order's page; 放弃 goes back unpaid.
 */
export function SandboxCheckoutView({ checkout, ticket }: { checkout: SandboxCheckout; ticket: SandboxTicket }) {
  const api = useApi();
  const secondsLeft = useSecondsLeft(checkout.expires_at);
  const [working, setWorking] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isOver = checkout.state !== 'pending';
  const isTimedOut = !isOver && secondsLeft === 0;

  async function complete(outcome: Outcome) {
    setWorking(outcome);
    setError(null);
    try {
      const done = await api.call(sandboxComplete, { ...ticket, outcome });
      // Stays "working" while the browser leaves, as after a provider's cashier.
      // The server's own address for the order (PUBLIC_URL), which may name another host
      // than the one this page was opened on.
      navigateExternal(done.return_url, { allowExternal: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : PAYMENTS_MESSAGES.failed);
      setWorking(null);
    }
  }

  return (
    <SandboxFrame>
      <dl className="divide-y divide-gray-100 px-5 text-sm dark:divide-gray-800">
        <Row label={PAYMENTS_MESSAGES.description}>
          <span data-testid="sandbox-description">{checkout.description}</span>
        </Row>
        <Row label={PAYMENTS_MESSAGES.amount}>
          <span data-testid="sandbox-amount" className="text-2xl font-bold text-gray-900 tabular-nums dark:text-white">
            {formatAmount(checkout.amount)}
          </span>
        </Row>
        {isOver ? null : (
          <Row label={PAYMENTS_MESSAGES.timeLeft}>
            <span data-testid="sandbox-time-left" className="font-medium tabular-nums">
              {secondsLeft === null ? '--:--' : formatCountdown(secondsLeft)}
            </span>
          </Row>
        )}
        <Row label={PAYMENTS_MESSAGES.tradeNo}>
          <span className="font-mono text-xs break-all text-gray-500 dark:text-gray-400">{checkout.trade_no}</span>
        </Row>
      </dl>

      <div className="space-y-3 px-5 pt-2 pb-6">
        {isOver || isTimedOut ? (
          <p
            role="status"
            data-testid="sandbox-over"
            className="rounded-xl bg-gray-100 px-4 py-3 text-center text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-200"
          >
            {isOver
              ? formatMessage(PAYMENTS_MESSAGES.over, { state: PAYMENTS_MESSAGES.stateNames[checkout.state] })
              : PAYMENTS_MESSAGES.timedOut}
          </p>
        ) : (
          <>
            <Button
              size="lg"
              className="w-full bg-emerald-600 hover:bg-emerald-700 disabled:bg-emerald-300 dark:disabled:bg-emerald-900"
              disabled={working !== null}
              onClick={() => void complete('paid')}
              data-testid="sandbox-pay"
            >
              <SquareCheck aria-hidden="true" className="size-5" />
              {working === 'paid' ? PAYMENTS_MESSAGES.working : PAYMENTS_MESSAGES.pay}
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="w-full border-red-300 text-red-600 hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950/50"
              disabled={working !== null}
              onClick={() => void complete('failed')}
              data-testid="sandbox-fail"
            >
              <SquareX aria-hidden="true" className="size-5" />
              {working === 'failed' ? PAYMENTS_MESSAGES.working : PAYMENTS_MESSAGES.fail}
            </Button>
          </>
        )}
        {error ? (
          <p role="alert" className="text-center text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {/* A plain link: going back unpaid leaves the order waiting, as closing a provider's page does. */}
        <a
          href={checkout.return_url}
          data-testid={isOver || isTimedOut ? 'sandbox-back' : 'sandbox-abandon'}
          className={buttonClass('ghost', 'lg', 'w-full')}
        >
          {isOver || isTimedOut ? PAYMENTS_MESSAGES.backToOrder : PAYMENTS_MESSAGES.abandon}
        </a>
      </div>
    </SandboxFrame>
  );
}

/** A checkout address the server refused (a forged or stale ticket): the envelope's message. */
export function SandboxCheckoutError({ message }: { message: string }) {
  return (
    <SandboxFrame>
      <div data-testid="sandbox-error" className="flex flex-col items-center px-6 pt-4 pb-8 text-center">
        <OctagonAlert aria-hidden="true" className="size-10 text-red-500" />
        <h2 className="mt-3 text-base font-semibold">{PAYMENTS_MESSAGES.errorTitle}</h2>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{message}</p>
        <a href="/" className={buttonClass('outline', 'md', 'mt-6 min-w-32')}>
          {PAYMENTS_MESSAGES.backHome}
        </a>
      </div>
    </SandboxFrame>
  );
}

function SandboxFrame({ children }: { children: ReactNode }) {
  return (
    <div className="px-3 py-6 md:py-12">
      <section
        aria-labelledby="sandbox-title"
        className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
      >
        <header className="flex items-center gap-2 px-5 pt-5 pb-3">
          <FlaskConical aria-hidden="true" className="size-6 text-primary-600 dark:text-primary-400" />
          <h1 id="sandbox-title" className="text-lg font-bold">
            {PAYMENTS_MESSAGES.sandboxTitle}
          </h1>
        </header>
        <div
          data-testid="sandbox-notice"
          className={cn(
            'mx-5 flex items-start gap-2 rounded-xl px-3 py-2.5 text-sm',
            'bg-amber-50 text-amber-800 ring-1 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-200 dark:ring-amber-900',
          )}
        >
          <OctagonAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">{PAYMENTS_MESSAGES.sandboxNotice}</strong>
            <span className="block text-xs opacity-80">{PAYMENTS_MESSAGES.sandboxHint}</span>
          </span>
        </div>
        {children}
      </section>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="shrink-0 text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 text-right">{children}</dd>
    </div>
  );
}
