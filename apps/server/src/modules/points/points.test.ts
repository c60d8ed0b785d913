import { checkin, ERRORS, integral, integralInfo, POINTS, STATUS } from '@evcircle/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { previousDay, shanghaiDay } from '../../platform/shanghai-day.ts';
import { getAccount } from '../users/users.service.ts';
import { checkIn, grantPoints, POINT_REASONS, pointsSummary } from './points.service.ts';
import { pointsLedger } from './points.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function member() {
  const user = await createUser(t.app.db);
  return { user, ...(await loginAs(t, user.id)) };
}

async function ledgerSum(userId: number): Promise<number> {
  const [row] = await t.app.db
    .select({ total: sql<string>`coalesce(sum(${pointsLedger.amount}), 0)` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row?.total);
}

describe('Asia/Shanghai days', () => {
  it('turns the day at 16:00 UTC', () => {
    expect(shanghaiDay(new Date('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
    expect(shanghaiDay(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(shanghaiDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  it('knows the day before across months and leap years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });
});

describe('daily check-in', () => {
  it('grants POINTS.dailyCheckin once per Shanghai day; the day turns at 16:00 UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
    const m = await member();

    expect(await m.api.call(integral, {})).toEqual({ balance: 0, checkedInToday: false, streak: 0 });
    expect(await m.api.call(checkin, {})).toEqual({
      amount: POINTS.dailyCheckin,
      balance: POINTS.dailyCheckin,
      streak: 1,
    });
    expect(await m.api.call(integral, {})).toEqual({ balance: POINTS.dailyCheckin, checkedInToday: true, streak: 1 });

    // 23:59:59 in Shanghai: still the same day.
    vi.setSystemTime(new Date('2026-11-23T15:59:59Z'));
    const again = await apiFailure(m.api.call(checkin, {}));
    expect({ status: again.status, message: again.message }).toEqual({
      status: STATUS.CONFLICT,
      message: ERRORS.ALREADY_CHECKED_IN.message,
    });

    // Midnight in Shanghai: a new day.
    vi.setSystemTime(new Date('2026-11-23T16:00:00Z'));
    expect(await m.api.call(integral, {})).toEqual({ balance: POINTS.dailyCheckin, checkedInToday: false, streak: 1 });
    expect(await m.api.call(checkin, {})).toEqual({
      amount: POINTS.dailyCheckin,
      balance: 2 * POINTS.dailyCheckin,
      streak: 2,
    });

    const refs = await t.app.db
      .select({ ref: pointsLedger.ref })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, m.user.id), eq(pointsLedger.reason, 'checkin')))
      .orderBy(pointsLedger.id);
    expect(refs.map((r) => r.ref)).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('grants once when the button is tapped several times at once', async () => {
    const m = await member();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => m.api.call(checkin, {})));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: STATUS.CONFLICT });
    }
    expect(await t.app.db.$count(pointsLedger, eq(pointsLedger.userId, m.user.id))).toBe(1);
  });

  it('counts the streak as consecutive days ending today, or yesterday while today is open', async () => {
    const { user } = await member();
    for (const day of ['2026-11-17', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']) {
      await grantPoints(t.app.db, user.id, POINTS.dailyCheckin, 'checkin', day);
    }
    const morning = new Date('2026-11-23T01:00:00Z');
    expect(await pointsSummary(t.app.db, user.id, morning)).toMatchObject({ checkedInToday: false, streak: 4 });
    expect(await checkIn(t.app.db, user.id, morning)).toMatchObject({ streak: 5 });
    expect(await pointsSummary(t.app.db, user.id, morning)).toMatchObject({ checkedInToday: true, streak: 5 });

    // A day skipped: the run is broken until a new one starts.
    const dayAfterNext = new Date('2026-11-25T01:00:00Z');
    expect(await pointsSummary(t.app.db, user.id, dayAfterNext)).toMatchObject({ checkedInToday: false, streak: 0 });
    expect(await checkIn(t.app.db, user.id, dayAfterNext)).toMatchObject({ streak: 1 });
  });

  it('needs login (2011)', async () => {
    for (const call of [
      () => t.api.call(integral, {}),
      () => t.api.call(checkin, {}),
      () => t.api.call(integralInfo, {}),
    ]) {
      expect((await apiFailure(call())).status).toBe(STATUS.NOT_LOGGED_IN);
    }
  });
});

describe('balance and ledger', () => {
  it('keeps the balance equal to the sum of the ledger after several grants', async () => {
    const m = await member();
    await grantPoints(t.app.db, m.user.id, POINTS.signup, 'signup', 'signup');
    await grantPoints(t.app.db, m.user.id, POINTS.invitee, 'invited', '1');
    await grantPoints(t.app.db, m.user.id, POINTS.inviter, 'invite', '101');
    await grantPoints(t.app.db, m.user.id, POINTS.inviter, 'invite', '102');
    // The same grant again changes nothing.
    expect(await grantPoints(t.app.db, m.user.id, POINTS.inviter, 'invite', '102')).toBe(false);
    await m.api.call(checkin, {});

    const expected = POINTS.signup + POINTS.invitee + 2 * POINTS.inviter + POINTS.dailyCheckin;
    expect(await ledgerSum(m.user.id)).toBe(expected);
    expect((await m.api.call(integral, {})).balance).toBe(expected);
    expect((await getAccount(t.app.db, m.user.id)).integral).toBe(expected);
    const ledger = await m.api.call(integralInfo, { page: 1, size: 50 });
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(expected);
  });

  it('pages the ledger newest first, with the zh-CN title of each reason', async () => {
    const m = await member();
    for (let i = 1; i <= 23; i++) await grantPoints(t.app.db, m.user.id, 1, 'invite', String(i));
    await grantPoints(t.app.db, m.user.id, POINTS.signup, 'signup', 'signup');

    const first = await m.api.call(integralInfo, { page: 1, size: 10 });
    const second = await m.api.call(integralInfo, { page: 2, size: 10 });
    const third = await m.api.call(integralInfo, { page: 3, size: 10 });
    expect([first.length, second.length, third.length]).toEqual([10, 10, 4]);
    const ids = [...first, ...second, ...third].map((e) => e.id);
    expect(new Set(ids).size).toBe(24);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first[0]).toMatchObject({ amount: POINTS.signup, reason: 'signup', title: POINT_REASONS.signup });
    expect(first[1]).toMatchObject({ amount: 1, reason: 'invite', title: '邀请好友注册' });
    expect(new Date(first[0]!.atime).toISOString()).toBe(first[0]!.atime);
    expect(await m.api.call(integralInfo, { page: 4, size: 10 })).toEqual([]);
  });

  it('shows each user only their own points', async () => {
    const a = await member();
    const b = await member();
    await grantPoints(t.app.db, a.user.id, 7, 'invite', 'x');
    expect(await b.api.call(integralInfo, {})).toEqual([]);
    expect((await b.api.call(integral, {})).balance).toBe(0);
  });
});
