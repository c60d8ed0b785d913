import { type InteractionAction, type NotifyCategory, REALTIME_EVENTS, type SystemType } from '@evcircle/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { announce } from '../../platform/events.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { isBlockedEitherWay } from '../relations/index.ts';
import { findNotification, unreadCounts } from './notify-reads.ts';
import './notify.events.ts';
import { notificationActors, notifications } from './notify.tables.ts';

/** One person's action that tells another (see notify-sources.ts for where each comes from). */
export type InteractionInput = {
  recipientId: number;
  actorId: number;
  action: InteractionAction;
  /**
   * Collapses with the recipient's unread notification of the same key (likes of one
   * post or comment, follows); null for notifications that stay one each (comments,
   * replies, mentions).
   */
  groupKey: string | null;
  postId?: number | null;
  commentId?: number | null;
  /** The comment or reply text, or the mentioning post's first words (plain text). */
  content?: string;
};

/** A notice from 车友圈 itself (no actor): a welcome, the result of a report. */
export type NoticeInput = {
  recipientId: number;
  type: SystemType;
  title: string;
  content: string;
  postId?: number | null;
  commentId?: number | null;
  /** Where tapping it leads ('' for nowhere). */
  link?: string;
};

/** How often a collapsing write starts over when the row it joined was read meanwhile. */
const GATHER_ATTEMPTS = 3;

/**
 * Tells `recipientId` about `actorId`'s action, and pushes it (notify:new, notify:unread)
 * to their sockets. Nothing for one's own actions, nor between two people when either
 * has blocked the other. A collapsing action joins the recipient's unread row of its
 * groupKey, or starts one; a person already gathered there changes nothing and pushes
 * nothing (like, unlike, like again counts once).
 */
export async function recordInteraction(db: Db, input: InteractionInput): Promise<void> {
  if (input.recipientId === input.actorId) return;
  if (await isBlockedEitherWay(db, input.recipientId, input.actorId)) return;
  const id =
    input.groupKey === null
      ? await insertInteraction(db, input)
      : await gatherActor(db, { ...interactionValues(input, input.groupKey), groupKey: input.groupKey });
  if (id !== null) await pushNotification(db, input.recipientId, id);
}

/** A new notification row, as gatherActor takes it: its recipient, its first actor, its group. */
export type GatheringValues = typeof notifications.$inferInsert & { groupKey: string; actorId: number };

/** The columns of a new interaction row (its first actor included). */
function interactionValues(input: InteractionInput, groupKey: string | null) {
  return {
    userId: input.recipientId,
    category: 'interaction',
    action: input.action,
    groupKey,
    actorId: input.actorId,
    actorCount: 1,
    postId: input.postId ?? null,
    commentId: input.commentId ?? null,
    content: input.content ?? '',
  };
}

/** A notification that never collapses, with its one actor. */
async function insertInteraction(db: Db, input: InteractionInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values(interactionValues(input, null))
      .returning({ id: notifications.id });
    if (!row) throw new Error('insertInteraction: insert returned no row');
    await tx.insert(notificationActors).values({ notificationId: row.id, actorId: input.actorId });
    return row.id;
  });
}

/**
 * Adds the actor to the recipient's unread row of `groupKey` (`values.userId`'s), or
 * starts that row with `values`; answers its id, or null when the actor was already
 * gathered there.
 *
 * Concurrency: notifications_group_uq keeps one unread row per key, so two first likes
 * at once make one row (the second insert does nothing and joins it). The joined row is
 * locked (FOR UPDATE) before its actor is added, so its count and latest actor follow
 * one actor at a time. A row marked read between the failed insert and the lock is no
 * longer joinable: the next attempt starts a new one.
 */
export async function gatherActor(db: Db, values: GatheringValues): Promise<number | null> {
  const { groupKey, actorId, userId } = values;
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < GATHER_ATTEMPTS; attempt++) {
      const [created] = await tx
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({
          target: [notifications.userId, notifications.groupKey],
          where: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
        })
        .returning({ id: notifications.id });
      if (created) {
        await tx.insert(notificationActors).values({ notificationId: created.id, actorId });
        return created.id;
      }
      const [open] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey), isNull(notifications.readAt)),
        )
        .for('update');
      if (!open) continue;
      const joined = await tx
        .insert(notificationActors)
        .values({ notificationId: open.id, actorId })
        .onConflictDoNothing()
        .returning({ id: notificationActors.actorId });
      if (joined.length === 0) return null;
      await tx
        .update(notifications)
        .set({ actorId, actorCount: sql`${notifications.actorCount} + 1`, updatedAt: new Date() })
        .where(eq(notifications.id, open.id));
      return open.id;
    }
    throw new Error(`gatherActor: no unread row for ${groupKey} after ${GATHER_ATTEMPTS} attempts`);
  });
}

/** Sends `recipientId` a system notice and pushes it to their sockets. */
export async function recordNotice(db: Db, input: NoticeInput): Promise<void> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.recipientId,
      category: 'system',
      action: input.type,
      postId: input.postId ?? null,
      commentId: input.commentId ?? null,
      title: input.title,
      content: input.content,
      link: input.link ?? '',
    })
    .returning({ id: notifications.id });
  if (row) await pushNotification(db, input.recipientId, row.id);
}

/**
 * Marks notification `id` of `userId`'s `category` list read, or the whole list when
 * `id` is absent; answers how many stay unread in that list. Another person's
 * notification (or one of another list) is left as it is. After commit (the outermost
 * one when `db` is a `tx` of platform/events.ts `transaction`), the person's sockets get
 * the new counts (notify:unread).
 */
export async function markNotificationsRead(
  db: Db,
  userId: number,
  category: NotifyCategory,
  id?: number,
): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.category, category),
        isNull(notifications.readAt),
        id === undefined ? undefined : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  if (marked.length > 0) await announce(db, 'notifications.read', { userId });
  return (await unreadCounts(db, userId))[category];
}

/** Pushes one notification (new, or gathering one more actor) and the new counts to `userId`'s sockets. */
export async function pushNotification(db: Db, userId: number, id: number): Promise<void> {
  const hub = realtimeOf(db);
  if (!hub) return;
  const [notification, unread] = await Promise.all([findNotification(db, userId, id), unreadCounts(db, userId)]);
  if (notification) hub.toUser(userId, REALTIME_EVENTS.notification, notification);
  hub.toUser(userId, REALTIME_EVENTS.notifyUnread, unread);
}

/** Pushes `userId`'s unread counts to their sockets (after a read, a block, a removal). */
export async function pushUnread(db: Db, userId: number): Promise<void> {
  const hub = realtimeOf(db);
  if (hub) hub.toUser(userId, REALTIME_EVENTS.notifyUnread, await unreadCounts(db, userId));
}

/**
 * Takes `actorId` out of the interaction notifications of `recipientIds` (of everyone
 * when absent): rows left with nobody go, the others count one fewer and name their
 * latest remaining actor. Used when two people block each other (both directions) and
 * when an account is deleted (notification_actors_actor_idx finds its rows).
 */
export async function forgetActor(db: Db, actorId: number, recipientIds?: readonly number[]): Promise<void> {
  const ofRecipients =
    recipientIds === undefined
      ? undefined
      : inArray(
          notificationActors.notificationId,
          db
            .select({ id: notifications.id })
            .from(notifications)
            .where(inArray(notifications.userId, [...recipientIds])),
        );
  const removed = await db
    .delete(notificationActors)
    .where(and(eq(notificationActors.actorId, actorId), ofRecipients))
    .returning({ id: notificationActors.notificationId });
  const ids = removed.map((row) => row.id);
  if (ids.length === 0) return;
  const remaining = sql`(select count(*)::integer from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id})`;
  await db.delete(notifications).where(and(inArray(notifications.id, ids), sql`${remaining} = 0`));
  await db
    .update(notifications)
    .set({
      actorCount: remaining,
      actorId: sql`(select ${notificationActors.actorId} from ${notificationActors} where ${notificationActors.notificationId} = ${notifications.id} order by ${notificationActors.createdAt} desc, ${notificationActors.actorId} desc limit 1)`,
    })
    .where(inArray(notifications.id, ids));
}

/** Removes everything `userId` was told, and takes them out of what others were told (a deleted account). */
export async function forgetPerson(tx: Db, userId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await forgetActor(tx, userId);
}

/**
 * After a block between `a` and `b` (either direction), each loses the other's
 * notifications; an unblock brings none back. Nothing when they no longer block each
 * other (the event also announces unblocks).
 */
export async function forgetBetween(db: Db, a: number, b: number): Promise<void> {
  if (!(await isBlockedEitherWay(db, a, b))) return;
  await db.transaction(async (tx) => {
    await forgetActor(tx, b, [a]);
    await forgetActor(tx, a, [b]);
  });
  await Promise.all([pushUnread(db, a), pushUnread(db, b)]);
}
