import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { pointsLedger } from './points.tables.ts';

/** Why points moved; the zh-CN line the ledger shows. */
export const POINT_REASONS = {
  checkin: '每日签到',
  signup: '新用户注册奖励',
  invite: '邀请好友注册',
  invited: '受邀注册奖励',
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
