import { randomBytes } from 'node:crypto';
import { AppError, type LoginResult, SCAN_CODE_LIFETIME_S, SCAN_STATUS } from '@evcircle/contract';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { createSession, isSessionOf } from '../auth/index.ts';
import { getAccount } from '../users/index.ts';
import { describeDevice, maskIp } from './device.ts';
import { scanLogins } from './scan-login.tables.ts';

export type ScanStatus = (typeof SCAN_STATUS)[keyof typeof SCAN_STATUS];
export type ScanLoginRow = typeof scanLogins.$inferSelect;

/**
 * A code confirmed just before it expired still hands its token to the browser this long
 * after expiry (the browser polls every second, and may have been a beat late).
 */
export const DELIVERY_GRACE_MS = 60_000;

/** Rows of codes expired longer than this are deleted (with their stored images). */
export const SCAN_LOGIN_RETENTION_MS = 3_600_000;

/**
 * A new scan code: 24 random bytes in base64url, 32 characters — the most WeChat's
 * `scene` takes, and unguessable (192 bits).
 */
export function newScanCode(): string {
  return randomBytes(24).toString('base64url');
}

export async function findScanLogin(db: Db, code: string): Promise<ScanLoginRow | null> {
  const [row] = await db.select().from(scanLogins).where(eq(scanLogins.code, code)).limit(1);
  return row ?? null;
}

function isExpired(row: ScanLoginRow, now: Date): boolean {
  return row.expiresAt.getTime() <= now.getTime();
}

/**
 * What a code's status is now: waiting and scanned codes past their expiry are -1, as
 * are declined ones; a confirmed code stays 2.
 */
export function effectiveStatus(row: ScanLoginRow, now: Date): ScanStatus {
  if (row.status === SCAN_STATUS.CONFIRMED) return SCAN_STATUS.CONFIRMED;
  if (row.status === SCAN_STATUS.EXPIRED || isExpired(row, now)) return SCAN_STATUS.EXPIRED;
  return row.status === SCAN_STATUS.SCANNED ? SCAN_STATUS.SCANNED : SCAN_STATUS.WAITING;
}

/** Records a code the browser at `ip` with `userAgent` asked for; it lives SCAN_CODE_LIFETIME_S. */
export async function createScanLogin(
  db: Db,
  input: { code: string; userAgent: string; ip: string },
  now: Date,
): Promise<ScanLoginRow> {
  const [row] = await db
    .insert(scanLogins)
    .values({
      code: input.code,
      userAgent: input.userAgent.slice(0, 500),
      ip: input.ip.slice(0, 64),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SCAN_CODE_LIFETIME_S * 1000),
    })
    .returning();
  if (!row) throw new Error('createScanLogin: insert returned no row');
  return row;
}

export type ScanPoll = { status: ScanStatus; userInfo: LoginResult | null };

/**
 * What the browser's poll answers. Once the phone confirmed, the FIRST poll gets the
 * login (a fresh 'scan' session for the polling browser); the hand-out is a conditional
 * update in the same transaction as the session insert, so concurrent polls cannot both
 * win, and a failure leaves the code undelivered. An unknown code answers -1: the
 * modal then shows "expired" with its refresh button at once instead of counting five
 * failed polls.
 */
export async function pollScanLogin(db: Db, code: string, userAgent: string, now: Date): Promise<ScanPoll> {
  const row = await findScanLogin(db, code);
  if (!row) return { status: SCAN_STATUS.EXPIRED, userInfo: null };
  const status = effectiveStatus(row, now);
  if (status !== SCAN_STATUS.CONFIRMED || row.deliveredAt) return { status, userInfo: null };
  if (now.getTime() > row.expiresAt.getTime() + DELIVERY_GRACE_MS)
    return { status: SCAN_STATUS.EXPIRED, userInfo: null };

  try {
    const userInfo = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(scanLogins)
        .set({ deliveredAt: now })
        .where(
          and(eq(scanLogins.code, code), eq(scanLogins.status, SCAN_STATUS.CONFIRMED), isNull(scanLogins.deliveredAt)),
        )
        .returning({ userId: scanLogins.userId });
      if (!won?.userId) return null;
      const token = await createSession(tx, won.userId, 'scan', userAgent, now);
      const account = await getAccount(tx, won.userId);
      return { ...account, token, isnew: false } satisfies LoginResult;
    });
    return { status: SCAN_STATUS.CONFIRMED, userInfo };
  } catch (err) {
    // The confirming account was deleted meanwhile: this code can never log anyone in.
    if (err instanceof AppError && err.code === 'USER_NOT_FOUND') {
      await db.update(scanLogins).set({ status: SCAN_STATUS.EXPIRED }).where(eq(scanLogins.code, code));
      return { status: SCAN_STATUS.EXPIRED, userInfo: null };
    }
    throw err;
  }
}

export type ScanInfo = { status: ScanStatus; expireIn: number; device: string; ip: string; atime: string };

/** What the phone is shown before it confirms: which browser asks, from where, and when. */
export async function getScanInfo(db: Db, code: string, now: Date): Promise<ScanInfo> {
  const row = await findScanLogin(db, code);
  if (!row) throw new AppError('SCAN_CODE_EXPIRED');
  return {
    status: effectiveStatus(row, now),
    expireIn: Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
    device: describeDevice(row.userAgent),
    ip: maskIp(row.ip),
    atime: row.createdAt.toISOString(),
  };
}

/**
 * Why a transition was refused, from the code as it is now: gone or past its time →
 * SCAN_CODE_EXPIRED; confirmed, declined, or in another user's hands → SCAN_CODE_USED.
 */
function refusal(row: ScanLoginRow | null, now: Date): AppError {
  if (!row) return new AppError('SCAN_CODE_EXPIRED');
  if ((row.status === SCAN_STATUS.WAITING || row.status === SCAN_STATUS.SCANNED) && isExpired(row, now)) {
    return new AppError('SCAN_CODE_EXPIRED');
  }
  return new AppError('SCAN_CODE_USED');
}

/** Live, and either waiting or already in this user's hands. */
function isOpenTo(code: string, userId: number, now: Date) {
  return and(
    eq(scanLogins.code, code),
    gt(scanLogins.expiresAt, now),
    or(
      eq(scanLogins.status, SCAN_STATUS.WAITING),
      and(eq(scanLogins.status, SCAN_STATUS.SCANNED), eq(scanLogins.userId, userId)),
    ),
  );
}

/**
 * The phone scanned the code (0 → 1) and holds it: no other user can scan, confirm or
 * decline it from now on. Opening the page again as the same user is not an error.
 */
export async function markScanned(db: Db, code: string, userId: number, now: Date): Promise<ScanStatus> {
  const [row] = await db
    .update(scanLogins)
    .set({ status: SCAN_STATUS.SCANNED, userId })
    .where(isOpenTo(code, userId, now))
    .returning({ code: scanLogins.code });
  if (row) return SCAN_STATUS.SCANNED;
  throw refusal(await findScanLogin(db, code), now);
}

/**
 * The phone's user confirms (1 → 2, or 0 → 2 for a client that skips update-scan): the
 * browser will be logged in as them. `token`, when sent, must be one of the caller's own
 * live sessions. Confirming twice as the same user answers 2 again.
 */
export async function confirmScanLogin(
  db: Db,
  code: string,
  userId: number,
  token: string | undefined,
  now: Date,
): Promise<ScanStatus> {
  if (token && !(await isSessionOf(db, userId, token, now))) throw new AppError('FORBIDDEN');
  const [row] = await db
    .update(scanLogins)
    .set({ status: SCAN_STATUS.CONFIRMED, userId })
    .where(isOpenTo(code, userId, now))
    .returning({ code: scanLogins.code });
  if (row) return SCAN_STATUS.CONFIRMED;
  const current = await findScanLogin(db, code);
  if (current?.status === SCAN_STATUS.CONFIRMED && current.userId === userId) return SCAN_STATUS.CONFIRMED;
  throw refusal(current, now);
}

/** The phone's user declines: the code dies (-1) and the browser shows "expired". */
export async function declineScanLogin(db: Db, code: string, userId: number, now: Date): Promise<ScanStatus> {
  const [row] = await db
    .update(scanLogins)
    .set({ status: SCAN_STATUS.EXPIRED, userId })
    .where(isOpenTo(code, userId, now))
    .returning({ code: scanLogins.code });
  if (row) return SCAN_STATUS.EXPIRED;
  const current = await findScanLogin(db, code);
  if (current?.status === SCAN_STATUS.EXPIRED && current.userId === userId) return SCAN_STATUS.EXPIRED;
  throw refusal(current, now);
}

/** Deletes codes expired more than SCAN_LOGIN_RETENTION_MS ago; answers their codes (to discard images). */
export async function purgeExpiredScanLogins(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .delete(scanLogins)
    .where(lt(scanLogins.expiresAt, new Date(now.getTime() - SCAN_LOGIN_RETENTION_MS)))
    .returning({ code: scanLogins.code });
  return rows.map((r) => r.code);
}

/** Removes every QR login of `userId` (a deleted account; in its transaction). */
export async function deleteScanLoginsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(scanLogins).where(eq(scanLogins.userId, userId));
}
