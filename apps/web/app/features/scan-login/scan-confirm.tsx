import {
  ApiError,
  confirmScan,
  declineScan,
  type EndpointData,
  SCAN_STATUS,
  STATUS,
  type scanInfo,
  updateScan,
} from '@evcircle/contract/client';
import { CheckCircle2, Clock, Loader2, MonitorSmartphone, ShieldAlert, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAvatarUrl, useLoginModal, useViewer } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { useCountdown } from '~/lib/use-countdown.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button, buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { SCAN_LOGIN_MESSAGES } from './messages.ts';
import { formatClock, formatMinutes } from './scan-time.ts';

export type ScanDetails = EndpointData<typeof scanInfo>;
type ScanStatus = ScanDetails['status'];

/** What the loader found: the request's details, or why there are none. */
export type ScanLoad =
  | { kind: 'info'; info: ScanDetails }
  | { kind: 'logged-out' }
  | { kind: 'expired' }
  | { kind: 'failed' };

type Phase = 'login' | 'opening' | 'ready' | 'busy' | 'confirmed' | 'declined' | 'expired' | 'used' | 'failed';

function phaseOfStatus(status: ScanStatus): Phase {
  if (status === SCAN_STATUS.EXPIRED) return 'expired';
  if (status === SCAN_STATUS.CONFIRMED) return 'used';
  return 'opening';
}

function initialPhase(load: ScanLoad): Phase {
  switch (load.kind) {
    case 'logged-out':
      return 'login';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
    case 'info':
      return phaseOfStatus(load.info.status);
  }
}

/** A refusal from the server, as the page shows it. */
function phaseOfError(error: unknown): Phase {
  if (error instanceof ApiError) {
    if (error.status === STATUS.NOT_FOUND) return 'expired';
    if (error.status === STATUS.CONFLICT) return 'used';
    if (error.status === STATUS.NOT_LOGGED_IN) return 'login';
  }
  return 'failed';
}

/**
 * /m/scan/{scanCode}: the phone side of QR login. Logged out, it explains and opens the
 * login modal on the phone tab. Logged in, it marks the code scanned (status 1) on
 * open, shows which browser asks (device, masked address, time, time left) and which
 * account it will log in, and confirms or declines.
 */
export function ScanConfirm({ scanCode, load }: { scanCode: string; load: ScanLoad }) {
  const api = useApi();
  const viewer = useViewer();
  const { open: openLogin } = useLoginModal();
  const [phase, setPhase] = useState<Phase>(() => initialPhase(load));
  const [actionError, setActionError] = useState<string | null>(null);
  const info = load.kind === 'info' ? load.info : null;
  const avatarUrl = useAvatarUrl(viewer?.avatar ?? '');
  const countdown = useCountdown(info?.expireIn ?? 0);

  // The loader re-ran (after a login): start again from what it found.
  const shownLoad = useRef(load);
  useEffect(() => {
    if (shownLoad.current === load) return;
    shownLoad.current = load;
    setPhase(initialPhase(load));
    setActionError(null);
    if (load.kind === 'info') countdown.start(load.info.expireIn);
  }, [load, countdown.start]);

  // Opening the page as a logged-in phone says "scanned" to the waiting browser.
  useEffect(() => {
    if (phase !== 'opening') return;
    let alive = true;
    api
      .call(updateScan, { scanCode, status: SCAN_STATUS.SCANNED })
      .then(() => alive && setPhase('ready'))
      .catch((error: unknown) => alive && setPhase(phaseOfError(error)));
    return () => {
      alive = false;
    };
  }, [phase, api, scanCode]);

  // SPEC.md §4: logged out, the login modal opens on the phone tab.
  const askedLogin = useRef(false);
  useEffect(() => {
    if (phase !== 'login' || askedLogin.current) return;
    askedLogin.current = true;
    openLogin({ tab: 'phone', message: SCAN_LOGIN_MESSAGES.scanLoggedOutTitle });
  }, [phase, openLogin]);

  // Time is up: the browser's code is dead.
  const live = phase === 'ready' || phase === 'opening' || phase === 'busy';
  useEffect(() => {
    if (live && info && countdown.seconds === 0) setPhase('expired');
  }, [live, info, countdown.seconds]);

  async function act(kind: 'confirm' | 'decline') {
    setPhase('busy');
    setActionError(null);
    try {
      if (kind === 'confirm') await api.call(confirmScan, { scanCode });
      else await api.call(declineScan, { scanCode });
      setPhase(kind === 'confirm' ? 'confirmed' : 'declined');
    } catch (error) {
      const next = phaseOfError(error);
      if (next === 'failed') {
        setPhase('ready');
        setActionError(SCAN_LOGIN_MESSAGES.scanActionFailed);
      } else setPhase(next);
    }
  }

  if (phase === 'login' || !viewer) {
    return (
      <Result
        tone="info"
        icon={<MonitorSmartphone aria-hidden="true" className="size-12 text-primary-600" />}
        title={SCAN_LOGIN_MESSAGES.scanLoggedOutTitle}
        text={SCAN_LOGIN_MESSAGES.scanLoggedOutText}
      >
        <Button size="lg" className="w-full" onClick={() => openLogin({ tab: 'phone' })} data-testid="scan-login">
          {SCAN_LOGIN_MESSAGES.scanLoggedOutButton}
        </Button>
      </Result>
    );
  }
  if (phase === 'confirmed') {
    return (
      <Result
        tone="success"
        icon={<CheckCircle2 aria-hidden="true" className="size-12 text-primary-600" />}
        title={SCAN_LOGIN_MESSAGES.scanConfirmed}
        text={SCAN_LOGIN_MESSAGES.scanConfirmedText}
      />
    );
  }
  if (phase === 'declined') {
    return (
      <Result
        tone="info"
        icon={<XCircle aria-hidden="true" className="size-12 text-gray-400" />}
        title={SCAN_LOGIN_MESSAGES.scanDeclined}
        text={SCAN_LOGIN_MESSAGES.scanDeclinedText}
      />
    );
  }
  if (phase === 'expired' || phase === 'used') {
    return (
      <Result
        tone="warning"
        icon={<Clock aria-hidden="true" className="size-12 text-amber-500" />}
        title={phase === 'expired' ? SCAN_LOGIN_MESSAGES.scanExpired : SCAN_LOGIN_MESSAGES.scanUsed}
        text={phase === 'expired' ? SCAN_LOGIN_MESSAGES.scanExpiredText : SCAN_LOGIN_MESSAGES.scanUsedText}
      />
    );
  }
  if (phase === 'failed' || !info) {
    return (
      <Result
        tone="warning"
        icon={<ShieldAlert aria-hidden="true" className="size-12 text-red-500" />}
        title={SCAN_LOGIN_MESSAGES.scanFailed}
      >
        <Button size="lg" variant="outline" className="w-full" onClick={() => window.location.reload()}>
          {SCAN_LOGIN_MESSAGES.scanRetry}
        </Button>
      </Result>
    );
  }

  const busy = phase === 'busy' || phase === 'opening';
  return (
    <section className="flex flex-1 flex-col px-5 pt-6 pb-8" data-testid="scan-confirm" data-phase={phase}>
      <div className="flex flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-50 dark:bg-primary-950">
          <MonitorSmartphone aria-hidden="true" className="size-9 text-primary-600 dark:text-primary-400" />
        </span>
        <h1 className="mt-4 text-xl font-semibold">{SCAN_LOGIN_MESSAGES.scanTitle}</h1>
        <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{SCAN_LOGIN_MESSAGES.scanAsking}</p>
      </div>

      <dl className="mt-6 divide-y divide-gray-100 rounded-2xl bg-gray-50 px-4 text-sm dark:divide-gray-800 dark:bg-gray-900">
        <Row label={SCAN_LOGIN_MESSAGES.scanDevice} value={info.device} testId="scan-device" />
        <Row label={SCAN_LOGIN_MESSAGES.scanIp} value={info.ip} testId="scan-ip" />
        <Row label={SCAN_LOGIN_MESSAGES.scanTime} value={formatClock(info.atime)} />
        <Row
          label={SCAN_LOGIN_MESSAGES.scanExpiresIn}
          value={formatMinutes(countdown.seconds)}
          valueClass={countdown.seconds <= 30 ? 'text-red-600 dark:text-red-400' : undefined}
        />
      </dl>

      <div className="mt-5">
        <p className="text-xs text-gray-500 dark:text-gray-400">{SCAN_LOGIN_MESSAGES.scanAccount}</p>
        <div className="mt-2 flex items-center gap-3 rounded-2xl border border-gray-200 p-3 dark:border-gray-800">
          <Avatar src={avatarUrl} name={viewer.nickname} size={44} />
          <div className="min-w-0">
            <p className="truncate font-medium" data-testid="scan-account">
              {viewer.nickname}
            </p>
            <p className="text-xs text-gray-500 tabular-nums dark:text-gray-400">
              +{viewer.acode} {viewer.mobile}
            </p>
          </div>
        </div>
      </div>

      <p className="mt-4 flex gap-2 text-xs leading-5 text-amber-700 dark:text-amber-300">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {SCAN_LOGIN_MESSAGES.scanWarning}
      </p>

      <p role="alert" className="mt-3 min-h-5 text-center text-sm text-red-600 dark:text-red-400">
        {actionError}
      </p>

      <div className="mt-auto flex flex-col gap-3 pt-4">
        <Button
          size="lg"
          className="w-full"
          disabled={busy}
          onClick={() => act('confirm')}
          data-testid="scan-confirm-button"
        >
          {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {phase === 'busy' ? SCAN_LOGIN_MESSAGES.scanConfirming : SCAN_LOGIN_MESSAGES.scanConfirm}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="w-full"
          disabled={busy}
          onClick={() => act('decline')}
          data-testid="scan-decline-button"
        >
          {SCAN_LOGIN_MESSAGES.scanDecline}
        </Button>
      </div>
    </section>
  );
}

function Row({
  label,
  value,
  valueClass,
  testId,
}: {
  label: string;
  value: string;
  valueClass?: string;
  testId?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <dt className="shrink-0 text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className={cn('min-w-0 truncate text-right font-medium tabular-nums', valueClass)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type ResultProps = {
  tone: 'info' | 'success' | 'warning';
  icon: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
};

/** One outcome of the page: an icon, a clear title, what to do next. */
function Result({ icon, title, text, children, tone }: ResultProps) {
  return (
    <section
      className="flex flex-1 flex-col items-center px-6 pt-14 pb-8 text-center"
      data-testid="scan-result"
      data-tone={tone}
    >
      {icon}
      <h1 className="mt-4 text-xl font-semibold" data-testid="scan-result-title">
        {title}
      </h1>
      {text ? <p className="mt-2 max-w-xs text-sm leading-6 text-gray-500 dark:text-gray-400">{text}</p> : null}
      <div className="mt-8 flex w-full max-w-xs flex-col gap-3">
        {children}
        <Link to="/" className={buttonClass('ghost', 'md', 'w-full')}>
          {SCAN_LOGIN_MESSAGES.backHome}
        </Link>
      </div>
    </section>
  );
}
