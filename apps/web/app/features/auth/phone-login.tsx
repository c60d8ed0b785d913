import {
  ApiError,
  type Challenge,
  ChallengeSchema,
  DEFAULT_AREA_CODE,
  formatMessage,
  type LoginResult,
  mobileLogin,
  PHONE_MAX_LENGTH,
  SMS_CODE_LENGTH,
  SMS_RESEND_COUNTDOWN_S,
  STATUS,
  smsChallenge,
  smsCode,
} from '@evcircle/contract/client';
import { ChevronDown, Loader2, RotateCw } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useCountdown } from '~/lib/use-countdown.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { CodeBoxes, type CodeBoxesHandle } from './code-boxes.tsx';
import { type Country, DEFAULT_COUNTRY } from './countries.ts';
import { CountryPicker } from './country-picker.tsx';
import { isComplete } from './digits.ts';
import { LOGIN_MESSAGES } from './login-messages.ts';
import { clearPendingInvite, readPendingInvite } from './pending-invite.ts';
import { cleanPhoneInput, displayPhone, isValidPhone, mobileField } from './phone.ts';

/** SPEC.md §4: the local challenge for foreign area codes has 3 digits. */
const CHALLENGE_LENGTH = 3;

const emptyDigits = (length: number) => Array.from({ length }, () => '');

/** The new challenge a 4001 answer of smscode carries in `data`, if any. */
function challengeOf(error: unknown): Challenge | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = ChallengeSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

type PhoneLoginProps = {
  onLoggedIn: (result: LoginResult) => void;
  /** The country list replaces the form while open; the dialog hides its tabs then. */
  onPickingChange?: (picking: boolean) => void;
};

/**
 * The phone tab (SPEC.md §4 "Phone login", §5): area code and number, the SMS button
 * (disabled while the number is invalid or the 59 s countdown runs), then four digit
 * boxes that log in on the fourth digit. Foreign numbers answer a 3-digit challenge
 * before an SMS may be requested.
 */
export function PhoneLogin({ onLoggedIn, onPickingChange }: PhoneLoginProps) {
  const api = useApi();
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [picking, setPicking] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const countdown = useCountdown();

  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [challengeDigits, setChallengeDigits] = useState(() => emptyDigits(CHALLENGE_LENGTH));
  const [challengeError, setChallengeError] = useState<string | null>(null);
  const [challengeLoading, setChallengeLoading] = useState(false);
  const challengeBoxes = useRef<CodeBoxesHandle>(null);

  const [code, setCode] = useState(() => emptyDigits(SMS_CODE_LENGTH));
  const [codeError, setCodeError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const codeBoxes = useRef<CodeBoxesHandle>(null);

  const phoneId = useId();
  const errorId = useId();
  const phoneInput = useRef<HTMLInputElement>(null);

  const acode = country.code;
  const isForeign = acode !== DEFAULT_AREA_CODE;
  const phoneValid = isValidPhone(acode, phone);

  const setPickingState = (value: boolean) => {
    setPicking(value);
    onPickingChange?.(value);
  };

  const loadChallenge = useCallback(async () => {
    setChallengeLoading(true);
    setChallengeDigits(emptyDigits(CHALLENGE_LENGTH));
    try {
      setChallenge(await api.call(smsChallenge, { acode }));
    } catch {
      setChallenge(null);
      setChallengeError(LOGIN_MESSAGES.challengeLoadFailed);
    } finally {
      setChallengeLoading(false);
    }
  }, [api, acode]);

  // A foreign area code needs its challenge before the SMS button does anything.
  useEffect(() => {
    setChallenge(null);
    setChallengeError(null);
    if (isForeign && step === 'phone') void loadChallenge();
  }, [isForeign, step, loadChallenge]);

  const challengeReady = !isForeign || (challenge !== null && isComplete(challengeDigits));
  const canSend = phoneValid && countdown.seconds === 0 && !sending && challengeReady;

  async function requestCode(event?: FormEvent) {
    event?.preventDefault();
    if (!phoneValid) {
      setSendError(LOGIN_MESSAGES.phoneInvalid);
      return;
    }
    if (isForeign && !challengeReady) {
      setChallengeError(LOGIN_MESSAGES.challengeIncomplete);
      return;
    }
    if (!canSend) return;
    setSending(true);
    setSendError(null);
    setChallengeError(null);
    try {
      await api.call(smsCode, {
        mobile: mobileField(acode, phone),
        acode,
        ...(isForeign && challenge ? { challengeId: challenge.challengeId, challenge: challengeDigits.join('') } : {}),
      });
      countdown.start(SMS_RESEND_COUNTDOWN_S);
      setCode(emptyDigits(SMS_CODE_LENGTH));
      setCodeError(null);
      setStep('code');
    } catch (error) {
      const next = challengeOf(error);
      if (isForeign && next) {
        // Wrong (or missing) answer: a new image to read (SPEC.md §4).
        setChallenge(next);
        setChallengeDigits(emptyDigits(CHALLENGE_LENGTH));
        setChallengeError(LOGIN_MESSAGES.challengeWrong);
        challengeBoxes.current?.focus(0);
      } else if (error instanceof ApiError && error.status === STATUS.RATE_LIMITED) {
        setSendError(error.message);
        const retryAfter = Number((error.data as { retryAfter?: unknown } | null)?.retryAfter);
        if (Number.isFinite(retryAfter) && retryAfter > 0) countdown.start(retryAfter);
      } else if (error instanceof ApiError && error.status === STATUS.VALIDATION_FAILED) {
        setSendError(error.message);
      } else {
        setSendError(LOGIN_MESSAGES.smsFailed);
      }
      // A foreign number's challenge is single-use: read a fresh one for the next try.
      if (isForeign && !next) void loadChallenge();
    } finally {
      setSending(false);
    }
  }

  async function submitCode(digits: string[]) {
    if (submitting) return;
    if (!isComplete(digits)) {
      setCodeError(LOGIN_MESSAGES.codeIncomplete);
      codeBoxes.current?.focus(digits.findIndex((d) => !d));
      return;
    }
    setSubmitting(true);
    setCodeError(null);
    try {
      const invite = readPendingInvite();
      const result = await api.call(mobileLogin, {
        mobile: mobileField(acode, phone),
        smscode: digits.join(''),
        acode,
        ...(invite ? { invite } : {}),
      });
      clearPendingInvite();
      onLoggedIn(result);
    } catch (error) {
      if (error instanceof ApiError && (error.status === STATUS.WRONG_CODE || error.httpStatus === 401)) {
        setCode(emptyDigits(SMS_CODE_LENGTH));
        setCodeError(LOGIN_MESSAGES.codeWrong);
        codeBoxes.current?.focus(0);
      } else if (error instanceof ApiError && error.status === STATUS.RATE_LIMITED) {
        setCodeError(error.message);
      } else {
        setCodeError(LOGIN_MESSAGES.loginFailed);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function onCodeChange(digits: string[]) {
    setCode(digits);
    if (codeError) setCodeError(null);
    // SPEC.md §4: the fourth digit logs in by itself.
    if (isComplete(digits)) void submitCode(digits);
  }

  function resend() {
    if (countdown.seconds > 0) return;
    // A foreign number answers a fresh challenge first, on the number step.
    if (isForeign) setStep('phone');
    else void requestCode();
  }

  if (picking) {
    return (
      <CountryPicker
        value={country}
        onCancel={() => {
          setPickingState(false);
          requestAnimationFrame(() => phoneInput.current?.focus());
        }}
        onSelect={(picked) => {
          setCountry(picked);
          setSendError(null);
          setPickingState(false);
          requestAnimationFrame(() => phoneInput.current?.focus());
        }}
      />
    );
  }

  if (step === 'code') {
    return (
      <form
        className="flex flex-col gap-4"
        data-testid="phone-login-code"
        onSubmit={(event) => {
          event.preventDefault();
          void submitCode(code);
        }}
        noValidate
      >
        <div className="text-center">
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {formatMessage(LOGIN_MESSAGES.codeSentTo, { phone: displayPhone(acode, phone) })}
          </p>
          <button
            type="button"
            onClick={() => setStep('phone')}
            className="mt-1 text-sm text-primary-700 hover:underline dark:text-primary-400"
          >
            {LOGIN_MESSAGES.changePhone}
          </button>
        </div>
        <CodeBoxes
          ref={codeBoxes}
          digits={code}
          onChange={onCodeChange}
          boxLabel={LOGIN_MESSAGES.codeDigit}
          groupLabel={LOGIN_MESSAGES.codeLabel}
          invalid={codeError !== null}
          readOnly={submitting}
          autoFocus
          oneTimeCode
          data-testid="sms-code-boxes"
        />
        <p
          id={errorId}
          role="alert"
          className="min-h-5 text-center text-sm text-red-600 dark:text-red-400"
          data-testid="code-error"
        >
          {codeError}
        </p>
        <Button type="submit" size="lg" disabled={submitting} className="w-full">
          {submitting ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
          {submitting ? LOGIN_MESSAGES.loggingIn : LOGIN_MESSAGES.loginButton}
        </Button>
        <div className="text-center text-sm">
          {countdown.seconds > 0 ? (
            <span className="text-gray-500 tabular-nums dark:text-gray-400" data-testid="resend-countdown">
              {formatMessage(LOGIN_MESSAGES.resendIn, { seconds: countdown.seconds })}
            </span>
          ) : (
            <button
              type="button"
              onClick={resend}
              disabled={sending}
              className="text-primary-700 hover:underline disabled:opacity-50 dark:text-primary-400"
            >
              {LOGIN_MESSAGES.resend}
            </button>
          )}
        </div>
      </form>
    );
  }

  return (
    <form className="flex flex-col gap-4" data-testid="phone-login-form" onSubmit={requestCode} noValidate>
      <div>
        <label htmlFor={phoneId} className="sr-only">
          {LOGIN_MESSAGES.phoneLabel}
        </label>
        <div
          className={cn(
            'flex h-12 items-center overflow-hidden rounded-xl border bg-gray-50 transition-colors dark:bg-gray-800',
            'focus-within:border-primary-500 focus-within:bg-white focus-within:ring-2 focus-within:ring-primary-500/30 dark:focus-within:bg-gray-900',
            sendError ? 'border-red-500' : 'border-gray-200 dark:border-gray-700',
          )}
        >
          <button
            type="button"
            onClick={() => setPickingState(true)}
            aria-label={`${LOGIN_MESSAGES.regionLabel}：${country.name} +${country.code}`}
            aria-haspopup="listbox"
            data-testid="country-button"
            className="flex h-full shrink-0 items-center gap-1 border-r border-gray-200 pr-2 pl-4 text-[15px] font-medium text-gray-900 hover:bg-gray-100 dark:border-gray-700 dark:text-white dark:hover:bg-gray-700/50"
          >
            +{country.code}
            <ChevronDown aria-hidden="true" className="size-4 text-gray-400" />
          </button>
          <input
            ref={phoneInput}
            id={phoneId}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={PHONE_MAX_LENGTH}
            value={phone}
            onChange={(event) => {
              setPhone(cleanPhoneInput(event.target.value));
              setSendError(null);
            }}
            placeholder={LOGIN_MESSAGES.phonePlaceholder}
            aria-invalid={sendError ? true : undefined}
            aria-describedby={errorId}
            className="h-full min-w-0 flex-1 bg-transparent px-3 text-[16px] text-gray-900 tracking-wide outline-none placeholder:tracking-normal placeholder:text-gray-400 dark:text-white"
          />
        </div>
        {isForeign ? <p className="mt-1.5 px-1 text-xs text-gray-500 dark:text-gray-400">{country.name}</p> : null}
      </div>

      {isForeign ? (
        <fieldset className="rounded-xl border border-gray-200 p-3 dark:border-gray-700" data-testid="challenge">
          <legend className="px-1 text-xs text-gray-500 dark:text-gray-400">{LOGIN_MESSAGES.challengeHint}</legend>
          <div className="flex items-center justify-center gap-3">
            <div className="flex h-12 w-32 items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-gray-200 dark:ring-gray-700">
              {challenge ? (
                <img
                  src={challenge.image}
                  alt={LOGIN_MESSAGES.challengeImage}
                  data-testid="challenge-image"
                  className="h-full w-full object-contain"
                />
              ) : challengeLoading ? (
                <Loader2 aria-hidden="true" className="size-5 animate-spin text-gray-400" />
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => {
                setChallengeError(null);
                void loadChallenge();
              }}
              disabled={challengeLoading}
              className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm text-primary-700 hover:bg-primary-50 disabled:opacity-50 dark:text-primary-400 dark:hover:bg-primary-950"
            >
              <RotateCw aria-hidden="true" className="size-3.5" />
              {LOGIN_MESSAGES.challengeRefresh}
            </button>
          </div>
          <div className="mt-3">
            <CodeBoxes
              ref={challengeBoxes}
              digits={challengeDigits}
              onChange={(digits) => {
                setChallengeDigits(digits);
                setChallengeError(null);
              }}
              boxLabel={LOGIN_MESSAGES.challengeDigit}
              groupLabel={LOGIN_MESSAGES.challengeLabel}
              invalid={challengeError !== null}
              data-testid="challenge-boxes"
            />
          </div>
          <p
            role="alert"
            className="mt-1.5 min-h-5 text-center text-sm text-red-600 dark:text-red-400"
            data-testid="challenge-error"
          >
            {challengeError}
          </p>
        </fieldset>
      ) : null}

      <p
        id={errorId}
        role="alert"
        className="-my-2 min-h-5 px-1 text-sm text-red-600 dark:text-red-400"
        data-testid="send-error"
      >
        {sendError}
      </p>

      <Button type="submit" size="lg" disabled={!canSend} className="w-full" data-testid="send-code">
        {sending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {sending
          ? LOGIN_MESSAGES.sending
          : countdown.seconds > 0
            ? formatMessage(LOGIN_MESSAGES.resendIn, { seconds: countdown.seconds })
            : LOGIN_MESSAGES.getCode}
      </Button>
      <p className="-mt-2 text-center text-xs text-gray-500 dark:text-gray-400">{LOGIN_MESSAGES.newUserHint}</p>
    </form>
  );
}
