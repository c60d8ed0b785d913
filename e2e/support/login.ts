import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ApiClient,
  confirmScan,
  createApiClient,
  type LoginResult,
  mobileLogin,
  SESSION_COOKIE,
  scanCode,
  scanStatus,
  smsCode,
} from '@evcircle/contract';
import type { BrowserContext } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SIGN_SECRET } from './constants.ts';

/** The console SMS provider's outbox in the e2e server's DATA_DIR. */
const OUTBOX = join(E2E_DATA_DIR, 'outbox', 'sms.jsonl');

/**
 * A mainland number nobody else in the run uses: 1, 3–9, then nine random digits (so the
 * per-number and per-number-block SMS limits are never shared between tests).
 */
export function uniqueMobile(): string {
  return `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
}

/**
 * A simulated person's own client address (198.18.0.0/15 is reserved for tests). The e2e
 * server trusts X-Forwarded-For (TRUST_PROXY), so each set-up login, and each test's
 * browser (fixtures.ts), has its own per-address budgets (SMS, QR codes) instead of every
 * test sharing 127.0.0.1's.
 */
export function testAddress(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/**
 * The contract client outside any browser (Node's fetch, no cookie jar): with a token it
 * acts as that user through `Authorization: Bearer`, as an app would.
 */
export function apiClient(token?: string, headers: Record<string, string> = {}): ApiClient {
  return createApiClient({ baseUrl: E2E_BASE_URL, signSecret: E2E_SIGN_SECRET, getToken: () => token, headers });
}

/** Waits for the newest code the server wrote to the outbox for `mobile`. */
export async function readSmsCode(mobile: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(OUTBOX, 'utf8').catch(() => '');
    const lines = text.split('\n').filter(Boolean);
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = JSON.parse(lines[i] as string) as { mobile: string; code: string };
      if (line.mobile === mobile || line.mobile.endsWith(mobile)) return line.code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile} in ${OUTBOX}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type LoggedInUser = {
  /** The session token (also the `evc_session` cookie value for the web). */
  token: string;
  /** The account as the login answered it. */
  account: LoginResult;
  /** The number typed at login. */
  mobile: string;
  /** The contract client acting as this user. */
  api: ApiClient;
};

/**
 * Logs in (signing up on first use) through the real API, exactly as the SMS login does:
 * request a code, read it from the outbox, log in with it. `invite` is the code a sign-up
 * from /invite/{code} sends.
 */
export async function loginByApi(options: { mobile?: string; invite?: string } = {}): Promise<LoggedInUser> {
  const mobile = options.mobile ?? uniqueMobile();
  const anonymous = apiClient(undefined, { 'x-forwarded-for': testAddress() });
  await anonymous.call(smsCode, { mobile, acode: '86' });
  const code = await readSmsCode(mobile);
  const account = await anonymous.call(mobileLogin, { mobile, smscode: code, acode: '86', invite: options.invite });
  return { token: account.token, account, mobile, api: apiClient(account.token) };
}

/**
 * Another session of the same user, as a second device gets one by scanning the QR login
 * with the logged-in phone (no second SMS, whose per-number limit is one a minute).
 */
export async function anotherSession(user: LoggedInUser): Promise<LoggedInUser> {
  // Its own address, as a second device has: the QR code limit is per address, and the
  // desktop login modal of every journey asks for a code from the browsers' one.
  const browserSide = apiClient(undefined, { 'x-forwarded-for': testAddress() });
  const { scanCode: code } = await browserSide.call(scanCode, {});
  await user.api.call(confirmScan, { scanCode: code });
  const { status, userInfo } = await browserSide.call(scanStatus, { scanCode: code });
  if (status !== 2 || !userInfo) throw new Error(`scan login did not confirm (status ${status})`);
  return { token: userInfo.token, account: userInfo, mobile: user.mobile, api: apiClient(userInfo.token) };
}

/** Puts a session into a browser context as the web's httpOnly `evc_session` cookie. */
export async function useSession(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: E2E_BASE_URL, httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** A new (or given) user, logged in through the API, whose session the browser context now holds. */
export async function loginInBrowser(
  context: BrowserContext,
  options: { mobile?: string; invite?: string } = {},
): Promise<LoggedInUser> {
  const user = await loginByApi(options);
  await useSession(context, user.token);
  return user;
}
