// Reports, the visibility switch and presence (online now, last active): what a person
// decides about being found, and what the realtime connections say of them.
import { NEARBY_ACTIVE_MINUTES } from '@evcircle/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import type { UserSocket } from '../../platform/realtime.ts';
import { users } from '../accounts/index.ts';
import { isBlockedEitherWay } from '../relations/index.ts';
import { nearbyPositions } from './nearby.tables.ts';
import { onlineAmong } from './people.service.ts';
import { type GeoPoint, storeReport } from './positions.ts';

type Flag = 0 | 1;

/** The viewer's visibility switch (0 until they set it). */
export async function visibilityOf(db: Db, userId: number): Promise<{ is_invisible: Flag }> {
  const [row] = await db
    .select({ isInvisible: nearbyPositions.isInvisible })
    .from(nearbyPositions)
    .where(eq(nearbyPositions.userId, userId));
  return { is_invisible: row?.isInvisible === 1 ? 1 : 0 };
}

/** Whether the user switched themself invisible (they appear in no list, radar or stats). */
export async function isInvisible(db: Db, userId: number): Promise<boolean> {
  return (await visibilityOf(db, userId)).is_invisible === 1;
}

/** Sets the visibility switch. */
export async function setVisibility(db: Db, userId: number, isInvisibleFlag: Flag): Promise<{ is_invisible: Flag }> {
  await db
    .insert(nearbyPositions)
    .values({ userId, isInvisible: isInvisibleFlag })
    .onConflictDoUpdate({ target: nearbyPositions.userId, set: { isInvisible: isInvisibleFlag } });
  return { is_invisible: isInvisibleFlag };
}

/**
 * POST report-location: stores the position unless one was stored less than
 * LOCATION_REPORT_INTERVAL_S ago, and sets the switch when `is_invisible` is sent; both
 * or neither (one transaction).
 */
export async function reportLocation(
  db: Db,
  userId: number,
  input: GeoPoint & { is_invisible?: Flag | undefined },
): Promise<{ stored: boolean; is_invisible: Flag }> {
  return transaction(db, async (tx) => {
    const stored = await storeReport(tx, userId, input);
    if (input.is_invisible !== undefined) await setVisibility(tx, userId, input.is_invisible);
    const { is_invisible } = await visibilityOf(tx, userId);
    return { stored, is_invisible };
  });
}

/** How long ago, coarsely: 刚刚 under a minute, N分钟前, N小时前, '' from a day on. */
export function lastActiveText(seconds: number): string {
  if (seconds < 60) return '刚刚';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  return '';
}

const HIDDEN = { is_online: false, last_active_time: '' } as const;

/**
 * GET user-online-status: whether `uid` has a realtime connection open, and since when
 * they were last seen (connected, or reported a position). Someone invisible, blocked
 * either way, deleted or unknown: offline and '' (alike, so none of these can be told
 * apart). One's own status is the truth.
 */
export async function onlineStatus(
  db: Db,
  viewerId: number,
  uid: number,
): Promise<{ is_online: boolean; last_active_time: string }> {
  const [row] = await db
    .select({
      deletedAt: users.deletedAt,
      isInvisible: nearbyPositions.isInvisible,
      secondsAgo: sql<
        number | null
      >`extract(epoch from now() - greatest(${nearbyPositions.lastSeenAt}, ${nearbyPositions.locatedAt}))`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(users)
    .leftJoin(nearbyPositions, eq(nearbyPositions.userId, users.id))
    .where(eq(users.id, uid));
  if (!row || row.deletedAt !== null) return HIDDEN;
  if (uid !== viewerId) {
    if (row.isInvisible === 1) return HIDDEN;
    if (await isBlockedEitherWay(db, viewerId, uid)) return HIDDEN;
  }
  const online = (await onlineAmong(db, [uid])).has(uid);
  if (online) return { is_online: true, last_active_time: '刚刚' };
  return { is_online: false, last_active_time: row.secondsAgo === null ? '' : lastActiveText(row.secondsAgo) };
}

/** Marks the users seen now (their row made if they have none); deleted accounts are left alone. */
export async function touchLastSeen(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const live = db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), isNull(users.deletedAt)));
  // One statement, so an account deleted meanwhile gets no row back.
  await db.execute(
    sql`insert into ${nearbyPositions} (${sql.identifier('user_id')}, ${sql.identifier('last_seen_at')}) select live.id, now() from (${live}) as live on conflict (${sql.identifier('user_id')}) do update set ${sql.identifier('last_seen_at')} = now()`,
  );
}

/**
 * While connected, someone is seen again this often, so an open connection keeps them
 * among the active (well within NEARBY_ACTIVE_MINUTES) without a write per message.
 */
export const SEEN_REFRESH_MS = Math.min(5, NEARBY_ACTIVE_MINUTES / 3) * 60_000;

/**
 * This process's view of who is connected, for last-active times: a socket opening or
 * closing marks its user seen, and every `refreshMs` the users still connected here
 * are marked again in one statement. Writes in flight are awaited by `stop()`.
 */
export function trackPresence(db: Db, log: FastifyBaseLogger, refreshMs = SEEN_REFRESH_MS) {
  const connected = new Map<number, number>();
  const pending = new Set<Promise<void>>();

  const touch = (userIds: number[]) => {
    const write = touchLastSeen(db, userIds)
      .catch((err: unknown) => log.warn({ err }, 'nearby: could not mark users seen'))
      .finally(() => pending.delete(write));
    pending.add(write);
  };

  const timer = setInterval(() => touch([...connected.keys()]), refreshMs);
  timer.unref();

  return {
    socket(socket: UserSocket): void {
      const userId = socket.data.userId;
      connected.set(userId, (connected.get(userId) ?? 0) + 1);
      touch([userId]);
      socket.on('disconnect', (reason: string) => {
        const left = (connected.get(userId) ?? 1) - 1;
        if (left > 0) connected.set(userId, left);
        else connected.delete(userId);
        // At shutdown every socket closes at once: their last refresh stands.
        if (reason !== 'server shutting down') touch([userId]);
      });
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await Promise.all([...pending]);
    },
  };
}

/** A deleted account's nearby row goes with it (in the deletion's transaction). */
export async function deleteNearbyOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(nearbyPositions).where(eq(nearbyPositions.userId, userId));
}
