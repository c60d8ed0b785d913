import { AppError, POINTS, type UserCard } from '@evcircle/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { inviteCodeFor, requireUser, userIdFromInviteCode, users } from '../accounts/index.ts';
import { toUserCards } from '../relations/index.ts';

/** Points a newcomer gets for signing up with an invite code. */
export const INVITEE_REWARD = POINTS.signup + POINTS.invitee;

/**
 * Who owns `code`, as `viewerId` sees them, and what signing up with it earns. A code we
 * never issued, or one of a deleted account, is INVITE_NOT_FOUND.
 */
export async function getInviteInfo(
  db: Db,
  code: string,
  viewerId: number | null,
): Promise<{ code: string; inviter: UserCard; reward: number }> {
  const inviterId = userIdFromInviteCode(code);
  if (inviterId === null) throw new AppError('INVITE_NOT_FOUND');
  const inviter = await requireUser(db, inviterId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'USER_NOT_FOUND') throw new AppError('INVITE_NOT_FOUND');
    throw err;
  });
  const [card] = await toUserCards(db, [inviter], viewerId);
  return { code: inviteCodeFor(inviter.id), inviter: card!, reward: INVITEE_REWARD };
}

/** The viewer's own code and the (live) people who signed up with it, newest first. */
export async function listMyInvites(
  db: Db,
  viewerId: number,
  page: number,
  size: number,
): Promise<{ code: string; total: number; users: UserCard[] }> {
  const invited = and(eq(users.invitedBy, viewerId), isNull(users.deletedAt));
  const [totalRow] = await db.select({ n: count() }).from(users).where(invited);
  const rows = await db
    .select()
    .from(users)
    .where(invited)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    code: inviteCodeFor(viewerId),
    total: Number(totalRow?.n ?? 0),
    users: await toUserCards(db, rows, viewerId),
  };
}
