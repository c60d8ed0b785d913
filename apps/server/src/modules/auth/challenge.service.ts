import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, type Challenge, LOCAL_CHALLENGE_LENGTH } from '@evcircle/contract';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { smsChallenges } from './auth.tables.ts';
import { challengeImage } from './challenge-image.ts';

/** A challenge must be answered within this many seconds. */
export const CHALLENGE_LIFETIME_S = 300;
/**
 * New challenges per client address. Each wrong answer costs a new challenge, so this
 * also bounds guessing (1 in 1000 per try) and the rows a script can make.
 */
export const CHALLENGE_LIMIT = { limit: 30, windowSeconds: 600 } as const;

export type ChallengeDeps = { db: Db; limiter: RateLimiter; now: () => Date };

function answerHash(id: string, answer: string): Buffer {
  return createHash('sha256').update(`${id}:${answer}`).digest();
}

/**
 * A fresh 3-digit challenge for `ip`: stored hashed (single use, 5 minutes), answered
 * with its picture. Expired rows are swept on the way, so the table holds only live ones.
 */
export async function issueChallenge(deps: ChallengeDeps, ip: string): Promise<Challenge> {
  const limit = await deps.limiter.hit(`challenge:ip:${ip}`, CHALLENGE_LIMIT.limit, CHALLENGE_LIMIT.windowSeconds);
  if (!limit.allowed) {
    throw new AppError('RATE_LIMITED', { seconds: limit.retryAfter }, { retryAfter: limit.retryAfter });
  }
  const now = deps.now();
  const digits = String(randomInt(10 ** LOCAL_CHALLENGE_LENGTH)).padStart(LOCAL_CHALLENGE_LENGTH, '0');
  const challengeId = randomBytes(16).toString('base64url');
  await deps.db.delete(smsChallenges).where(lt(smsChallenges.expiresAt, now));
  await deps.db.insert(smsChallenges).values({
    id: challengeId,
    answerHash: answerHash(challengeId, digits).toString('hex'),
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_S * 1000),
  });
  return { challengeId, image: challengeImage(digits) };
}

/**
 * Uses up challenge `id` and says whether `answer` was right. Right or wrong, the
 * challenge is gone afterwards (single use); unknown or expired ones are simply wrong.
 */
export async function consumeChallenge(db: Db, id: string, answer: string, now: Date): Promise<boolean> {
  const [row] = await db
    .delete(smsChallenges)
    .where(eq(smsChallenges.id, id))
    .returning({ answerHash: smsChallenges.answerHash, expiresAt: smsChallenges.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  const given = answer.trim();
  if (!/^\d+$/.test(given)) return false;
  const expected = Buffer.from(row.answerHash, 'hex');
  const actual = answerHash(id, given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
