import { createHash, randomInt } from 'node:crypto';
import {
  AppError,
  DEFAULT_AREA_CODE,
  type LoginResult,
  SMS_CODE_LENGTH,
  SMS_CODE_LIFETIME_S,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_LIMITS,
} from '@evcircle/contract';
import { and, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { SmsProvider } from '../../platform/sms/index.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import {
  createUserAtSignup,
  draftNewUser,
  findUserByPhone,
  type NewUserDraft,
  type UndoList,
} from '../accounts/index.ts';
import { getAccount } from '../users/index.ts';
import { smsCodes } from './auth.tables.ts';
import { consumeChallenge, issueChallenge } from './challenge.service.ts';
import { type Phone, parsePhone } from './phone.ts';
import { createSession } from './sessions.service.ts';

/** What the login services need; the routes pass the app's, tests their own (clock, limiter, provider). */
export type AuthDeps = {
  db: Db;
  sms: SmsProvider;
  limiter: RateLimiter;
  storage: StorageProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
};

/** Seconds before the same number may ask again: the first per-number window. */
export const SMS_RESEND_S = SMS_LIMITS.perNumber[0].windowSeconds;

/** Hex SHA-256 of number and code: the table never holds a usable code. */
function codeHash(phone: Phone, code: string): string {
  return createHash('sha256').update(`${phone.key}:${code}`).digest('hex');
}

type Window = { readonly limit: number; readonly windowSeconds: number };

/**
 * The SMS abuse limits, in the order that keeps a refused request from spending other
 * people's budgets: first the number's 60 s window (resend spam stops here, touching
 * nothing else), then the caller's own address, then the number's hour and day, then the
 * number block. A refusal stops the walk, so later counters are untouched; an earlier
 * counter spent by a later refusal is at most one per number per 60 s. Windows are
 * fixed (RateLimiter); every refusal names the seconds to wait.
 */
async function enforceSmsLimits(limiter: RateLimiter, phone: Phone, ip: string): Promise<void> {
  const [resend, ...numberRest] = SMS_LIMITS.perNumber;
  const checks: [string, Window][] = [
    [`sms:number:${phone.key}`, resend],
    ...SMS_LIMITS.perIp.map((w): [string, Window] => [`sms:ip:${ip}`, w]),
    ...numberRest.map((w): [string, Window] => [`sms:number:${phone.key}`, w]),
    ...SMS_LIMITS.perPrefix.map((w): [string, Window] => [`sms:prefix:${phone.prefix}`, w]),
  ];
  for (const [key, { limit, windowSeconds }] of checks) {
    const result = await limiter.hit(`${key}:${windowSeconds}`, limit, windowSeconds);
    if (!result.allowed) {
      throw new AppError('SMS_TOO_FREQUENT', { seconds: result.retryAfter }, { retryAfter: result.retryAfter });
    }
  }
}

export type SmsCodeInput = { mobile: string; acode: string; challengeId?: string; challenge?: string };

/**
 * Sends a login code to a number. In order: the number is validated (MOBILE_INVALID);
 * a foreign number must answer a challenge first (CHALLENGE_REQUIRED / CHALLENGE_WRONG,
 * each with a new challenge in `data`) — before any limit, so a script that cannot
 * answer spends nobody's SMS budget; the limits (SMS_TOO_FREQUENT); then a fresh code
 * replaces the number's previous one and goes to the provider. If the provider fails,
 * the stored code is removed again (SMS_SEND_FAILED): no unsent code stays usable.
 */
export async function sendLoginCode(
  deps: AuthDeps,
  input: SmsCodeInput,
  ip: string,
): Promise<{ expireIn: number; resendIn: number }> {
  const phone = parsePhone(input.mobile, input.acode);
  if (phone.acode !== DEFAULT_AREA_CODE) {
    if (!input.challengeId || !input.challenge) {
      throw new AppError('CHALLENGE_REQUIRED', {}, await issueChallenge(deps, ip));
    }
    const passed = await consumeChallenge(deps.db, input.challengeId, input.challenge, deps.now());
    if (!passed) throw new AppError('CHALLENGE_WRONG', {}, await issueChallenge(deps, ip));
  }
  await enforceSmsLimits(deps.limiter, phone, ip);

  const now = deps.now();
  const code = String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const hash = codeHash(phone, code);
  const expiresAt = new Date(now.getTime() + SMS_CODE_LIFETIME_S * 1000);
  // Codes nobody used are swept here, so the table holds only live ones.
  await deps.db.delete(smsCodes).where(lt(smsCodes.expiresAt, now));
  await deps.db
    .insert(smsCodes)
    .values({ phone: phone.key, codeHash: hash, attempts: 0, createdAt: now, expiresAt })
    .onConflictDoUpdate({ target: smsCodes.phone, set: { codeHash: hash, attempts: 0, createdAt: now, expiresAt } });

  try {
    await deps.sms.send({ acode: phone.acode, mobile: phone.mobile, code });
  } catch (err) {
    await deps.db.delete(smsCodes).where(and(eq(smsCodes.phone, phone.key), eq(smsCodes.codeHash, hash)));
    if (!(err instanceof AppError)) deps.log.error({ err, provider: deps.sms.kind }, 'sms provider failed');
    throw new AppError('SMS_SEND_FAILED');
  }
  return { expireIn: SMS_CODE_LIFETIME_S, resendIn: SMS_RESEND_S };
}

/** The condition under which a stored code still logs in. */
function liveCode(phone: Phone, hash: string, now: Date) {
  return and(
    eq(smsCodes.phone, phone.key),
    eq(smsCodes.codeHash, hash),
    gt(smsCodes.expiresAt, now),
    lt(smsCodes.attempts, SMS_CODE_MAX_ATTEMPTS),
  );
}

/**
 * Counts one wrong try against the number's code; the try that reaches
 * SMS_CODE_MAX_ATTEMPTS removes it (as does expiry), so even the right code then fails.
 */
async function countWrongTry(db: Db, phone: Phone, now: Date): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.phone, phone.key));
  await db
    .delete(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone.key),
        or(gte(smsCodes.attempts, SMS_CODE_MAX_ATTEMPTS), lte(smsCodes.expiresAt, now)),
      ),
    );
}

export type MobileLoginInput = { mobile: string; smscode: string; acode: string; invite?: string };

/**
 * Logs in with a code: the code must be the number's live one (wrong, expired, used or
 * exhausted → SMS_CODE_WRONG, and a wrong one counts a try). In one transaction the code
 * is used up, the account found or created (first login: generated nickname and avatar,
 * sign-up points, the invite) and a session made — a failure anywhere leaves the code
 * usable and no account, points or session behind.
 */
export async function loginWithSmsCode(
  deps: AuthDeps,
  input: MobileLoginInput,
  userAgent: string,
): Promise<LoginResult> {
  const phone = parsePhone(input.mobile, input.acode);
  const hash = codeHash(phone, input.smscode);
  const now = deps.now();

  // Only a right code goes on to the (costlier) account work; the transaction re-checks.
  const [candidate] = await deps.db
    .select({ phone: smsCodes.phone })
    .from(smsCodes)
    .where(liveCode(phone, hash, now))
    .limit(1);
  if (!candidate) {
    await countWrongTry(deps.db, phone, now);
    throw new AppError('SMS_CODE_WRONG');
  }

  // A first login's nickname and avatar are prepared outside the transaction (rendering
  // takes milliseconds the single PGlite connection should not wait for).
  const existing = await findUserByPhone(deps.db, phone.acode, phone.mobile);
  let draft: NewUserDraft | null = existing ? null : await draftNewUser(deps.db);

  const undo: UndoList = [];
  let outcome: { userId: number; token: string; isnew: boolean } | null;
  try {
    outcome = await transaction(deps.db, async (tx, announce) => {
      const used = await tx
        .delete(smsCodes)
        .where(liveCode(phone, hash, now))
        .returning({ phone: smsCodes.phone });
      // Another request used the code between the check and here.
      if (used.length === 0) return null;
      const user = await findUserByPhone(tx, phone.acode, phone.mobile);
      let userId: number;
      let isnew = false;
      if (user) {
        userId = user.id;
      } else {
        draft ??= await draftNewUser(tx);
        const created = await createUserAtSignup(
          tx,
          deps.storage,
          { acode: phone.acode, mobile: phone.mobile, invite: input.invite, draft, now },
          undo,
          announce,
        );
        userId = created.userId;
        isnew = true;
      }
      const token = await createSession(tx, userId, 'sms', userAgent, now);
      return { userId, token, isnew };
    });
  } catch (err) {
    for (const step of undo) {
      await step().catch((cleanupError: unknown) => {
        deps.log.warn({ err: cleanupError }, 'could not undo a side effect of a sign-up that failed');
      });
    }
    throw err;
  }
  if (!outcome) throw new AppError('SMS_CODE_WRONG');

  if (outcome.isnew) deps.log.info({ userId: outcome.userId }, 'new account signed up by sms');
  return { ...(await getAccount(deps.db, outcome.userId)), token: outcome.token, isnew: outcome.isnew };
}
