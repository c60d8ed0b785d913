import {
  confirmScan,
  declineScan,
  SCAN_CODE_LIFETIME_S,
  scanCode,
  scanInfo,
  scanStatus,
  updateScan,
} from '@evcircle/contract';
import type { FastifyRequest } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { createQrLoginProvider } from '../../platform/qr-login/index.ts';
import { setSessionCookie } from '../../platform/session-cookie.ts';
import {
  confirmScanLogin,
  createScanLogin,
  declineScanLogin,
  deleteScanLoginsOf,
  getScanInfo,
  markScanned,
  newScanCode,
  pollScanLogin,
  purgeExpiredScanLogins,
} from './scan-login.service.ts';
import * as tables from './scan-login.tables.ts';

/** Old codes are swept at most this often, on the back of a new code. */
const PURGE_EVERY_MS = 10 * 60_000;

function userAgentOf(request: FastifyRequest): string {
  return request.headers['user-agent'] ?? '';
}

/** QR scan login (SPEC.md §3, §4, §7): the browser asks and polls, a logged-in phone confirms. */
export const scanLoginModule = defineModule({
  name: 'scan-login',
  tables,
  endpoints: (app) => {
    const provider = createQrLoginProvider(app.config, app.storage, app.log);
    let lastPurge = 0;
    async function purgeOldCodes(now: Date): Promise<void> {
      if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = now.getTime();
      const codes = await purgeExpiredScanLogins(app.db, now);
      for (const code of codes) await provider.discard(code);
    }
    return [
      // The per-address limit is declared with the endpoint (contract scan-login.ts).
      serve(scanCode, async (_input, { request }) => {
        const now = new Date();
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
      }),
      serve(scanStatus, async ({ scanCode: code }, { request, reply }) => {
        const poll = await pollScanLogin(app.db, code, userAgentOf(request), new Date());
        if (poll.userInfo) setSessionCookie(reply, poll.userInfo.token);
        return poll;
      }),
      serve(scanInfo, ({ scanCode: code }) => getScanInfo(app.db, code, new Date())),
      serve(updateScan, async ({ scanCode: code }, { viewer }) => ({
        status: await markScanned(app.db, code, viewer.id, new Date()),
      })),
      serve(confirmScan, async ({ scanCode: code, token }, { viewer }) => ({
        status: await confirmScanLogin(app.db, code, viewer.id, token, new Date()),
      })),
      serve(declineScan, async ({ scanCode: code }, { viewer }) => ({
        status: await declineScanLogin(app.db, code, viewer.id, new Date()),
      })),
    ];
  },
  events: {
    // A deleted account's pending QR logins go with it.
    'account.deleted': { inTransaction: ({ userId }, tx) => deleteScanLoginsOf(tx, userId) },
  },
});
