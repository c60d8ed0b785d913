import {
  AppError,
  confirmScan,
  declineScan,
  SCAN_CODE_LIFETIME_S,
  scanCode,
  scanInfo,
  scanStatus,
  updateScan,
} from '@evcircle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { createQrLoginProvider } from '../../platform/qr-login/index.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import {
  confirmScanLogin,
  createScanLogin,
  declineScanLogin,
  getScanInfo,
  markScanned,
  newScanCode,
  pollScanLogin,
  purgeExpiredScanLogins,
  SCAN_CODE_LIMITS,
} from './scan-login.service.ts';

/** `limiter`: shared through Redis when REDIS_URL is set, so the per-address limit holds across processes. */
export type ScanLoginRoutesOptions = { limiter: RateLimiter };

/** Old codes are swept at most this often, on the back of a new code. */
const PURGE_EVERY_MS = 10 * 60_000;

function userAgentOf(request: FastifyRequest): string {
  return request.headers['user-agent'] ?? '';
}

async function enforceScanCodeLimits(limiter: RateLimiter, ip: string): Promise<void> {
  for (const { limit, windowSeconds } of SCAN_CODE_LIMITS) {
    const { allowed, retryAfter } = await limiter.hit(`scan-code:ip:${windowSeconds}:${ip}`, limit, windowSeconds);
    if (!allowed) throw new AppError('RATE_LIMITED', { seconds: retryAfter }, { retryAfter });
  }
}

/** QR scan login (SPEC.md §3, §4, §7): the browser asks and polls, a logged-in phone confirms. */
export async function scanLoginRoutes(app: FastifyInstance, options: ScanLoginRoutesOptions): Promise<void> {
  const provider = createQrLoginProvider(app.config, app.storage, app.log);
  const { limiter } = options;
  let lastPurge = 0;

  async function purgeOldCodes(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    const codes = await purgeExpiredScanLogins(app.db, now);
    for (const code of codes) await provider.discard(code);
  }

  registerEndpoint(app, scanCode, async (_input, { request }) => {
    const now = new Date();
    await enforceScanCodeLimits(limiter, request.ip);
    const code = newScanCode();
    const qrcodeUrl = await provider.qrcodeFor(code);
    try {
      await createScanLogin(app.db, { code, userAgent: userAgentOf(request), ip: request.ip }, now);
    } catch (err) {
      await provider.discard(code).catch(() => {});
      throw err;
    }
    purgeOldCodes(now).catch((err: unknown) => request.log.warn({ err }, 'sweeping old scan codes failed'));
    return { scanCode: code, qrcodeUrl, expireIn: SCAN_CODE_LIFETIME_S };
  });

  registerEndpoint(app, scanStatus, async ({ scanCode: code }, { request, reply }) => {
    const poll = await pollScanLogin(app.db, code, userAgentOf(request), new Date());
    if (poll.userInfo) setSessionCookie(reply, poll.userInfo.token);
    return poll;
  });

  registerEndpoint(app, scanInfo, ({ scanCode: code }) => getScanInfo(app.db, code, new Date()));

  registerEndpoint(app, updateScan, async ({ scanCode: code }, { viewer }) => ({
    status: await markScanned(app.db, code, viewer!.id, new Date()),
  }));

  registerEndpoint(app, confirmScan, async ({ scanCode: code, token }, { viewer }) => ({
    status: await confirmScanLogin(app.db, code, viewer!.id, token, new Date()),
  }));

  registerEndpoint(app, declineScan, async ({ scanCode: code }, { viewer }) => ({
    status: await declineScanLogin(app.db, code, viewer!.id, new Date()),
  }));
}
