import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts';
import { smsChallenges } from './auth.tables.ts';
import { CHALLENGE_LIFETIME_S, CHALLENGE_LIMIT, consumeChallenge, issueChallenge } from './challenge.service.ts';
import { challengeImage } from './challenge-image.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function deps() {
  let clock = Date.now();
  return {
    deps: { db: t.app.db, limiter: createMemoryRateLimiter(() => clock), now: () => new Date(clock) },
    advance(seconds: number) {
      clock += seconds * 1000;
    },
    at: () => new Date(clock),
  };
}

async function answerOf(id: string): Promise<string> {
  const [row] = await t.app.db.select().from(smsChallenges).where(eq(smsChallenges.id, id));
  for (let n = 0; n < 1000; n++) {
    const answer = String(n).padStart(3, '0');
    if (createHash('sha256').update(`${id}:${answer}`).digest('hex') === row?.answerHash) return answer;
  }
  throw new Error('no answer');
}

describe('challenges', () => {
  it('pass once with the right answer, within 5 minutes', async () => {
    const h = deps();
    const challenge = await issueChallenge(h.deps, '10.40.0.1');
    const answer = await answerOf(challenge.challengeId);
    expect(answer).toMatch(/^\d{3}$/);
    h.advance(CHALLENGE_LIFETIME_S - 1);
    expect(await consumeChallenge(t.app.db, challenge.challengeId, ` ${answer} `, h.at())).toBe(true);
    expect(await consumeChallenge(t.app.db, challenge.challengeId, answer, h.at())).toBe(false);
  });

  it('fail after 5 minutes, and a wrong answer uses the challenge up', async () => {
    const h = deps();
    const late = await issueChallenge(h.deps, '10.40.0.2');
    const lateAnswer = await answerOf(late.challengeId);
    const wrong = await issueChallenge(h.deps, '10.40.0.2');
    const right = await answerOf(wrong.challengeId);
    const other = String((Number(right) + 1) % 1000).padStart(3, '0');
    expect(await consumeChallenge(t.app.db, wrong.challengeId, other, h.at())).toBe(false);
    expect(await consumeChallenge(t.app.db, wrong.challengeId, right, h.at())).toBe(false);
    h.advance(CHALLENGE_LIFETIME_S);
    expect(await consumeChallenge(t.app.db, late.challengeId, lateAnswer, h.at())).toBe(false);
    expect(await consumeChallenge(t.app.db, 'no-such-challenge', '123', h.at())).toBe(false);
  });

  it('are stored hashed, and expired ones are swept when new ones are made', async () => {
    const h = deps();
    const old = await issueChallenge(h.deps, '10.40.0.3');
    const [row] = await t.app.db.select().from(smsChallenges).where(eq(smsChallenges.id, old.challengeId));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    h.advance(CHALLENGE_LIFETIME_S + 1);
    await issueChallenge(h.deps, '10.40.0.3');
    expect(await t.app.db.select().from(smsChallenges).where(eq(smsChallenges.id, old.challengeId))).toEqual([]);
  });

  it('are limited per address, with the seconds to wait', async () => {
    const h = deps();
    for (let i = 0; i < CHALLENGE_LIMIT.limit; i++) await issueChallenge(h.deps, '10.40.0.4');
    const error = await issueChallenge(h.deps, '10.40.0.4').catch((err: unknown) => err);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      data: { retryAfter: CHALLENGE_LIMIT.windowSeconds },
    });
    await issueChallenge(h.deps, '10.40.0.5');
  });

  it('draw the digits as a picture that renders, different every time', async () => {
    const a = challengeImage('407');
    const b = challengeImage('407');
    expect(a).not.toBe(b);
    const svg = Buffer.from(a.split(',')[1] as string, 'base64');
    expect(svg.toString()).not.toMatch(/<text|407|transform/);
    const png = await sharp(svg).png().toBuffer();
    const stats = await sharp(png).stats();
    // Ink on a light background: dark strokes exist.
    expect(Math.min(...stats.channels.slice(0, 3).map((c) => c.min))).toBeLessThan(120);
  });
});
