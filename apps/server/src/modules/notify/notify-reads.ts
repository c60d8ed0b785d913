import {
  INTERACTION_ACTIONS,
  type InteractionAction,
  NOTIFY_ACTORS_SHOWN,
  type Notification,
  type NotifyActor,
  type NotifyCategory,
  type NotifyUnread,
} from '@evcircle/contract';
import { and, desc, eq, inArray, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { type CommentTarget, findCommentTargets } from '../comments/index.ts';
import { findPostTargets, type PostTarget } from '../posts/index.ts';
import { blockedEitherWayIdsOf } from '../relations/index.ts';
import { notificationActors, notifications } from './notify.tables.ts';
import { excerptOf, interactionText, teamText } from './notify-text.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export type NotificationPage = { items: Notification[]; hasMore: boolean };

export type ListQuery = { category: NotifyCategory; action?: string | undefined; page: number; size: number };

/**
 * What a reader may see of their notifications: system notices (no actor), and the
 * others unless their latest actor and the reader have blocked each other, either way.
 * Blocking also takes the blocked person out of collapsed rows (notify.service.ts
 * forgetActor); this filter holds meanwhile, and for notifications made in a race
 * with the block.
 */
function visibleTo(userId: number): SQL | undefined {
  return or(isNull(notifications.actorId), notInArray(notifications.actorId, blockedEitherWayIdsOf(userId)));
}

/**
 * One page of the reader's notifications of one list (and one action, when given),
 * latest activity first (notifications_user_idx), ready to show.
 */
export async function listNotifications(db: Db, userId: number, query: ListQuery): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.category, query.category),
        query.action === undefined ? undefined : eq(notifications.action, query.action),
        visibleTo(userId),
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(query.size + 1)
    .offset((query.page - 1) * query.size);
  const hasMore = rows.length > query.size;
  return { items: await presentNotifications(db, userId, rows.slice(0, query.size)), hasMore };
}

/** One of the reader's notifications, ready to show, or null (not theirs, or hidden by a block). */
export async function findNotification(db: Db, userId: number, id: number): Promise<Notification | null> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), visibleTo(userId)))
    .limit(1);
  const [notification] = await presentNotifications(db, userId, rows);
  return notification ?? null;
}

/** The reader's unread notifications by list and, for interactions, by action (notifications_unread_idx). */
export async function unreadCounts(db: Db, userId: number): Promise<NotifyUnread> {
  const rows = await db
    .select({ category: notifications.category, action: notifications.action, n: sql<number>`count(*)::integer` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), visibleTo(userId)))
    .groupBy(notifications.category, notifications.action);
  const counts: NotifyUnread = {
    interaction: 0,
    system: 0,
    team: 0,
    like: 0,
    comment: 0,
    reply: 0,
    follow: 0,
    mention: 0,
    total: 0,
  };
  for (const { category, action, n } of rows) {
    const count = Number(n);
    if (category === 'interaction' || category === 'system' || category === 'team') counts[category] += count;
    if (category === 'interaction' && INTERACTION_ACTIONS.includes(action as InteractionAction)) {
      counts[action as InteractionAction] += count;
    }
    counts.total += count;
  }
  return counts;
}

/**
 * The latest NOTIFY_ACTORS_SHOWN actors of each notification still visible to the
 * reader (not blocked either way, account not deleted), newest first, in one query: the
 * actors are ranked per notification (notification_actors_latest_idx) and only the first
 * ones are joined with their users.
 */
async function latestActors(db: Db, userId: number, ids: number[]): Promise<Map<number, NotifyActor[]>> {
  const byNotification = new Map<number, NotifyActor[]>();
  if (ids.length === 0) return byNotification;
  const ranked = db
    .select({
      notificationId: notificationActors.notificationId,
      actorId: notificationActors.actorId,
      rank: sql<number>`row_number() over (partition by ${notificationActors.notificationId} order by ${notificationActors.createdAt} desc, ${notificationActors.actorId} desc)`.as(
        'rank',
      ),
    })
    .from(notificationActors)
    .innerJoin(users, eq(users.id, notificationActors.actorId))
    .where(
      and(
        inArray(notificationActors.notificationId, ids),
        isNull(users.deletedAt),
        notInArray(notificationActors.actorId, blockedEitherWayIdsOf(userId)),
      ),
    )
    .as('ranked');
  const rows = await db
    .select({ notificationId: ranked.notificationId, uid: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.actorId))
    .where(lte(ranked.rank, NOTIFY_ACTORS_SHOWN))
    .orderBy(ranked.notificationId, ranked.rank);
  for (const { notificationId, ...actor } of rows) {
    const list = byNotification.get(notificationId) ?? [];
    list.push(actor);
    byNotification.set(notificationId, list);
  }
  return byNotification;
}

/** The posts and comments the rows are about, deleted ones included (`live` false). */
async function targetsOf(db: Db, rows: readonly NotificationRow[]) {
  const ids = (pick: (row: NotificationRow) => number | null) => [
    ...new Set(rows.map(pick).filter((id): id is number => id !== null)),
  ];
  const [postsById, commentsById] = await Promise.all([
    findPostTargets(
      db,
      ids((row) => row.postId),
    ),
    findCommentTargets(
      db,
      ids((row) => row.commentId),
    ),
  ]);
  return { postsById, commentsById };
}

/** Rows as the reader sees them: four queries whatever their number (rows, actors, posts, comments). */
export async function presentNotifications(
  db: Db,
  userId: number,
  rows: readonly NotificationRow[],
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const [actorsById, { postsById, commentsById }] = await Promise.all([
    latestActors(
      db,
      userId,
      rows.map((row) => row.id),
    ),
    targetsOf(db, rows),
  ]);
  return rows.map((row) =>
    toNotification(row, {
      actors: actorsById.get(row.id) ?? [],
      post: row.postId === null ? undefined : postsById.get(row.postId),
      comment: row.commentId === null ? undefined : commentsById.get(row.commentId),
    }),
  );
}

/**
 * Where tapping leads: an interaction's post (or, for follows, the latest follower's
 * profile), derived from the row so a collapsed row follows its latest actor; a
 * system notice's stored link.
 */
function linkOf(row: NotificationRow): string {
  if (row.category !== 'interaction') return row.link;
  if (row.action === 'follow') return row.actorId === null ? '' : `/user/${row.actorId}`;
  return row.postId === null ? '' : `/post/${row.postId}`;
}

type Related = { actors: NotifyActor[]; post: PostTarget | undefined; comment: CommentTarget | undefined };

/**
 * One notification as the contract shows it. A notification about a post or comment
 * deleted since stays in the list but reads as deleted: no excerpt, no content, no link
 * (a system notice keeps its body: it may be the very notice of the removal).
 */
function toNotification(row: NotificationRow, { actors, post, comment }: Related): Notification {
  const isPostLive = post?.live === true;
  const isTargetGone = (row.postId !== null && !isPostLive) || (row.commentId !== null && comment?.live !== true);
  const isInteraction = row.category === 'interaction';
  return {
    id: row.id,
    category: row.category as NotifyCategory,
    action: row.action,
    actors,
    actor_count: row.actorCount,
    text: isInteraction
      ? interactionText(
          row.action,
          row.commentId === null ? 'post' : 'comment',
          actors.map((actor) => actor.nickname),
          row.actorCount,
        )
      : row.category === 'team'
        ? teamText(
            row.action,
            row.title,
            actors.map((actor) => actor.nickname),
            row.actorCount,
          )
        : row.title,
    title: row.title,
    content: isInteraction && isTargetGone ? '' : row.content,
    post_id: row.postId ?? 0,
    post_excerpt: isPostLive && post ? excerptOf(post.content) : '',
    comment_id: row.commentId ?? 0,
    link: isTargetGone ? '' : linkOf(row),
    is_read: row.readAt !== null,
    updated_at: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
