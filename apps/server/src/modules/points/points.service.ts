import { AppError, POINTS } from '@evcircle/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db.ts';
import { previousDay, shanghaiDay } from '../../platform/shanghai-day.ts';
import { pointsLedger } from './points.tables.ts';

/** Why points moved; the zh-CN line the ledger shows. */
export const POINT_REASONS = {
  checkin: '每日签到',
  signup: '新用户注册奖励',
  invite: '邀请好友注册',
  invited: '受邀注册奖励',
  vip: '开通会员赠送',
  order: '订单抵扣',
  order_return: '订单积分退回',
  ai_image: 'AI 绘画',
  ai_video: 'AI 视频',
  ai_refund: 'AI 生成失败退回',
} as const;
export type PointReason = keyof typeof POINT_REASONS;

/** Anything that can run a query: the db or a transaction. */
type Executor = Pick<Db, 'insert' | 'select'>;

/**
 * Appends one ledger entry, at most once per (user, reason, ref). Answers whether it was
 * granted (false when that grant already happened). Runs inside the caller's transaction
 * when given one, so points move with what earned them.
 */
export async function grantPoints(
  db: Executor,
  userId: number,
  amount: number,
  reason: PointReason,
  ref: string,
): Promise<boolean> {
  const rows = await db
    .insert(pointsLedger)
    .values({ userId, amount, reason, ref })
    .onConflictDoNothing({ target: [pointsLedger.userId, pointsLedger.reason, pointsLedger.ref] })
    .returning({ id: pointsLedger.id });
  return rows.length > 0;
}

/**
 * Spends `amount` points (a negative entry, once per (user, reason, ref)) when the balance
 * covers it; answers false, writing nothing, when it does not. Inside the caller's
 * transaction: the user's spends run one at a time (a transaction lock), so two orders at
 * once cannot both spend the same points.
 */
export async function spendPoints(
  tx: Db,
  userId: number,
  amount: number,
  reason: PointReason,
  ref: string,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`points-spend:${userId}`}, 0))`);
  if ((await pointsBalance(tx, userId)) < amount) return false;
  return grantPoints(tx, userId, -amount, reason, ref);
}

/** The balance: always the sum of the user's ledger. */
export async function pointsBalance(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${pointsLedger.amount})` })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return Number(row?.total ?? 0);
}

/** Whether a grant with this reason and ref exists (e.g. today's check-in). */
export async function hasGrant(db: Executor, userId: number, reason: PointReason, ref: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, reason), eq(pointsLedger.ref, ref)))
    .limit(1);
  return row !== undefined;
}

/** Newest entries first. */
export async function pointsLedgerPage(db: Executor, userId: number, page: number, size: number) {
  return db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.id))
    .limit(size)
    .offset((page - 1) * size);
}

/**
 * Check-ins in a row ending on `lastDay`. Walking the days newest first, `day + rank` stays
 * `lastDay + 1` as long as no day is skipped and drops below it for good at the first gap,
 * so one query counts the run however long it is.
 */
async function checkinRunEnding(db: Db, userId: number, lastDay: string): Promise<number> {
  const [row] = await executeRows<{ n: number | string }>(
    db,
    sql`
    select count(*) as n from (
      select ${pointsLedger.ref}::date + (row_number() over (order by ${pointsLedger.ref} desc))::int as k
      from ${pointsLedger}
      where ${pointsLedger.userId} = ${userId} and ${pointsLedger.reason} = 'checkin' and ${pointsLedger.ref} <= ${lastDay}
    ) run
    where k = ${lastDay}::date + 1
  `,
  );
  return Number(row?.n ?? 0);
}

export type PointsSummary = { balance: number; checkedInToday: boolean; streak: number };

/**
 * Balance, whether today's check-in is done, and the streak: consecutive check-in days
 * ending today when done, else ending yesterday (the run today's check-in would extend).
 */
export async function pointsSummary(db: Db, userId: number, now: Date): Promise<PointsSummary> {
  const today = shanghaiDay(now);
  const checkedInToday = await hasGrant(db, userId, 'checkin', today);
  const [balance, streak] = await Promise.all([
    pointsBalance(db, userId),
    checkinRunEnding(db, userId, checkedInToday ? today : previousDay(today)),
  ]);
  return { balance, checkedInToday, streak };
}

/**
 * Today's check-in: POINTS.dailyCheckin once per Asia/Shanghai day. The ledger's unique
 * (user, reason, ref) index makes concurrent double taps grant once; the loser gets
 * ALREADY_CHECKED_IN.
 */
export async function checkIn(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ amount: number; balance: number; streak: number }> {
  const today = shanghaiDay(now);
  const granted = await grantPoints(db, userId, POINTS.dailyCheckin, 'checkin', today);
  if (!granted) throw new AppError('ALREADY_CHECKED_IN');
  const [balance, streak] = await Promise.all([pointsBalance(db, userId), checkinRunEnding(db, userId, today)]);
  return { amount: POINTS.dailyCheckin, balance, streak };
}

/** A ledger line as the client shows it. */
export function toIntegralEntry(row: typeof pointsLedger.$inferSelect) {
  return {
    id: row.id,
    amount: row.amount,
    reason: row.reason,
    title: POINT_REASONS[row.reason as PointReason] ?? '积分变动',
    atime: row.createdAt.toISOString(),
  };
}
