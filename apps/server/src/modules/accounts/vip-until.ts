import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from './accounts.tables.ts';

// The VIP entitlement on the account row: the vip module decides it (plans, orders,
// renewals), every other read only asks whether it runs now (vipFlag).

/** When the user's membership ends (null: never a member). Pass the transaction that locked the row. */
export async function vipUntilOf(db: Pick<Db, 'select'>, userId: number, lock = false): Promise<Date | null> {
  const query = db.select({ vipUntil: users.vipUntil }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row?.vipUntil ?? null;
}

export async function setVipUntil(db: Pick<Db, 'update'>, userId: number, until: Date | null): Promise<void> {
  await db.update(users).set({ vipUntil: until, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** is_vip of an account row already read: 1 while its membership runs. */
export function vipOf(row: { vipUntil: Date | null }, now = new Date()): 0 | 1 {
  return row.vipUntil !== null && row.vipUntil.getTime() > now.getTime() ? 1 : 0;
}
