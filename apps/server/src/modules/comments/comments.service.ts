import { AppError, COMMENT_PREVIEW_REPLIES, type Comment, type Reply } from '@evcircle/contract';
import { and, asc, desc, eq, inArray, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { type Announce, transaction } from '../../platform/events.ts';
import { requireUser, users, vipOf } from '../accounts/index.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { findLivePostAuthor } from '../posts/index.ts';
import { blockedIdsOf, hasBlocked } from '../relations/index.ts';
import { likedCommentsAmong } from './comment-likes.service.ts';
import './comments.events.ts';
import { comments } from './comments.tables.ts';

type Paging = { page: number; size: number };

/** The person a reply answers (a second join of users). */
const replyToUsers = alias(users, 'reply_to_users');

/** The columns a comment or reply shows, author (and the person answered) joined. */
const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  userId: comments.userId,
  content: comments.content,
  likeCount: comments.likeCount,
  createdAt: comments.createdAt,
  authorName: users.nickname,
  authorAvatar: users.avatar,
  authorVipUntil: users.vipUntil,
  replyToUserId: comments.replyToUserId,
  replyToName: replyToUsers.nickname,
};

type CommentRow = {
  id: number;
  postId: number;
  parentId: number | null;
  userId: number;
  content: string;
  likeCount: number;
  createdAt: Date;
  authorName: string;
  authorAvatar: string;
  authorVipUntil: Date | null;
  replyToUserId: number | null;
  replyToName: string | null;
};

/** Marks of the viewer: which of the rows they liked. */
type ViewerMarks = { viewerId: number | null; liked: ReadonlySet<number> };

/** What a comment and a reply both say: who wrote what, when, and the viewer's like. */
function writtenFields(row: CommentRow, marks: ViewerMarks) {
  return {
    cid: row.id,
    uid: row.userId,
    uname: row.authorName,
    avatar: row.authorAvatar,
    is_vip: vipOf({ vipUntil: row.authorVipUntil }),
    content: row.content,
    atime: row.createdAt.toISOString(),
    likenum: row.likeCount,
    islike: marks.liked.has(row.id) ? 1 : 0,
    ismine: marks.viewerId !== null && marks.viewerId === row.userId ? 1 : 0,
  };
}

function toReply(row: CommentRow, marks: ViewerMarks): Reply {
  return {
    ...writtenFields(row, marks),
    pcid: row.parentId ?? 0,
    replyto: row.replyToName ?? '',
    replyto_uid: row.replyToUserId ?? 0,
  };
}

function toComment(row: CommentRow, marks: ViewerMarks, reply: number, replys: Reply[]): Comment {
  return { ...writtenFields(row, marks), pid: row.postId, reply, replys };
}

/** Comments and replies by the users the viewer blocked are left out (nothing when logged out). */
function notBlockedBy(viewerId: number | null): SQL | undefined {
  return viewerId === null ? undefined : notInArray(comments.userId, blockedIdsOf(viewerId));
}

/** The author of a live post, or POST_NOT_FOUND. */
async function requireLivePostAuthor(db: Db, pid: number): Promise<number> {
  const author = await findLivePostAuthor(db, pid);
  if (author === null) throw new AppError('POST_NOT_FOUND');
  return author;
}

/** One comment with its author joined (whatever its state), or undefined. */
async function findCommentRow(db: Db, cid: number): Promise<(CommentRow & { deletedAt: Date | null }) | undefined> {
  const [row] = await db
    .select({ ...commentColumns, deletedAt: comments.deletedAt })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(replyToUsers, eq(replyToUsers.id, comments.replyToUserId))
    .where(eq(comments.id, cid))
    .limit(1);
  return row;
}

/**
 * One page of a post's live comments, newest first, each with its first
 * COMMENT_PREVIEW_REPLIES replies (oldest first) and the number of its replies the viewer
 * can see. Comments and replies by users the viewer blocked are left out. Four queries
 * whatever the page size: the post, the page, the replies of the page, the viewer's likes.
 */
export async function listComments(db: Db, pid: number, paging: Paging, viewerId: number | null): Promise<Comment[]> {
  await requireLivePostAuthor(db, pid);
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(replyToUsers, eq(replyToUsers.id, comments.replyToUserId))
    // The same predicates as comments_post_idx, so the page is one index walk.
    .where(and(eq(comments.postId, pid), isNull(comments.parentId), isNull(comments.deletedAt), notBlockedBy(viewerId)))
    .orderBy(desc(comments.id))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  if (rows.length === 0) return [];

  const previews = await previewReplies(
    db,
    rows.map((row) => row.id),
    viewerId,
  );
  const liked = await likedCommentsAmong(db, viewerId, [
    ...rows.map((row) => row.id),
    ...previews.rows.map((row) => row.id),
  ]);
  const marks = { viewerId, liked };
  const repliesOf = new Map<number, Reply[]>();
  for (const row of previews.rows) {
    const parentId = row.parentId ?? 0;
    const list = repliesOf.get(parentId) ?? [];
    list.push(toReply(row, marks));
    repliesOf.set(parentId, list);
  }
  return rows.map((row) => toComment(row, marks, previews.counts.get(row.id) ?? 0, repliesOf.get(row.id) ?? []));
}

/**
 * The first replies of each of `parentIds` and how many live replies each has, in one
 * query: the replies are ranked per comment (row_number, count over the partition) and
 * only the first COMMENT_PREVIEW_REPLIES are read back with their authors.
 */
async function previewReplies(
  db: Db,
  parentIds: number[],
  viewerId: number | null,
): Promise<{ rows: CommentRow[]; counts: Map<number, number> }> {
  const ranked = db
    .select({
      id: comments.id,
      rank: sql<number>`row_number() over (partition by ${comments.parentId} order by ${comments.id})`.as('rank'),
      total: sql<number>`(count(*) over (partition by ${comments.parentId}))::integer`.as('total'),
    })
    .from(comments)
    .where(and(inArray(comments.parentId, parentIds), isNull(comments.deletedAt), notBlockedBy(viewerId)))
    .as('ranked');
  const rows = await db
    .select({ ...commentColumns, total: ranked.total })
    .from(ranked)
    .innerJoin(comments, eq(comments.id, ranked.id))
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(replyToUsers, eq(replyToUsers.id, comments.replyToUserId))
    .where(lte(ranked.rank, COMMENT_PREVIEW_REPLIES))
    .orderBy(asc(comments.parentId), asc(comments.id));
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.parentId ?? 0, Number(row.total));
  return { rows, counts };
}

/**
 * One page of the live replies of comment `cid`, oldest first ("展开更多回复"); the
 * replies of the thread when `cid` is itself a reply. Replies by users the viewer blocked
 * are left out. COMMENT_NOT_FOUND when the comment (or its post) is gone.
 */
export async function listReplies(db: Db, cid: number, paging: Paging, viewerId: number | null): Promise<Reply[]> {
  const target = await findCommentRow(db, cid);
  if (!target || target.deletedAt !== null) throw new AppError('COMMENT_NOT_FOUND');
  const topId = target.parentId ?? target.id;
  const top = target.parentId === null ? target : await findCommentRow(db, topId);
  if (!top || top.deletedAt !== null) throw new AppError('COMMENT_NOT_FOUND');
  if ((await findLivePostAuthor(db, top.postId)) === null) throw new AppError('COMMENT_NOT_FOUND');

  const rows = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(replyToUsers, eq(replyToUsers.id, comments.replyToUserId))
    .where(and(eq(comments.parentId, topId), isNull(comments.deletedAt), notBlockedBy(viewerId)))
    .orderBy(asc(comments.id))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  const liked = await likedCommentsAmong(
    db,
    viewerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toReply(row, { viewerId, liked }));
}

/** What a comment send is, to tell its retry (same client_msg_id) from another comment. */
type CommentRetry = {
  userId: number;
  clientMsgId: string | null;
  postId: number;
  /** The top-level comment a reply goes under; null for a comment. */
  parentId: number | null;
  content: string;
};

/** Thrown inside the write when the client id is taken: the write rolls back, then is replayed. */
class RetryConflict extends Error {}

/**
 * The author's stored comment with this send's client_msg_id, when the send repeats it
 * (same post, same place, same text): null when there is none (or no client id);
 * COMMENT_CLIENT_ID_REUSED when it is another comment; COMMENT_NOT_FOUND once deleted.
 */
async function findCommentReplay(db: Db, send: CommentRetry): Promise<CommentRow | null> {
  if (send.clientMsgId === null) return null;
  const [stored] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.userId, send.userId), eq(comments.clientMsgId, send.clientMsgId)))
    .limit(1);
  if (!stored) return null;
  const row = await findCommentRow(db, stored.id);
  if (!row) return null;
  if (row.postId !== send.postId || row.parentId !== send.parentId || row.content !== send.content) {
    throw new AppError('COMMENT_CLIENT_ID_REUSED');
  }
  if (row.deletedAt !== null) throw new AppError('COMMENT_NOT_FOUND');
  return row;
}

/**
 * Runs the write of a new comment; when its insert meets the same client id (a retry that
 * raced the first send), the write rolls back and the stored comment's id is answered.
 */
async function insertOrReplay(
  db: Db,
  send: CommentRetry,
  write: (tx: Db, announce: Announce) => Promise<number>,
): Promise<number> {
  try {
    return await transaction(db, write);
  } catch (error) {
    if (!(error instanceof RetryConflict)) throw error;
    const replayed = await findCommentReplay(db, send);
    if (!replayed) throw new AppError('COMMENT_CLIENT_ID_REUSED');
    return replayed.id;
  }
}

/**
 * Comments `content` on post `pid` as `viewerId`; answers the new comment. The post must
 * be live (POST_NOT_FOUND) and its author must not have blocked the viewer
 * (COMMENT_BLOCKED); prohibited words are refused (CONTENT_PROHIBITED). The comment and
 * the post's comment counter are written in one transaction.
 */
export async function saveComment(
  db: Db,
  viewerId: number,
  input: { pid: number; content: string; client_msg_id?: string | undefined },
): Promise<Comment> {
  const { pid, content } = input;
  const retry: CommentRetry = {
    userId: viewerId,
    clientMsgId: input.client_msg_id || null,
    postId: pid,
    parentId: null,
    content,
  };
  const replayed = await findCommentReplay(db, retry);
  if (replayed) return toComment(replayed, { viewerId, liked: new Set() }, 0, []);
  assertNoProhibitedWords(content, 'content');
  const postAuthor = await requireLivePostAuthor(db, pid);
  if (postAuthor !== viewerId && (await hasBlocked(db, postAuthor, viewerId))) throw new AppError('COMMENT_BLOCKED');

  const cid = await insertOrReplay(db, retry, async (tx, announce) => {
    const [row] = await tx
      .insert(comments)
      .values({ postId: pid, userId: viewerId, content, clientMsgId: retry.clientMsgId })
      .onConflictDoNothing()
      .returning({ id: comments.id });
    if (!row) throw new RetryConflict();
    // The posts module counts it here; a post deleted meanwhile rolls the insert back (POST_NOT_FOUND).
    await announce('comment.created', {
      commentId: row.id,
      postId: pid,
      userId: viewerId,
      parentId: null,
      replyToUserId: null,
    });
    return row.id;
  });

  const row = await findCommentRow(db, cid);
  if (!row) throw new AppError('COMMENT_NOT_FOUND');
  return toComment(row, { viewerId, liked: new Set() }, 0, []);
}

export type ReplyInput = {
  pid: number;
  cid: number;
  content: string;
  replyto?: number | undefined;
  client_msg_id?: string | undefined;
};

/**
 * Replies to comment `cid` of post `pid`. When `cid` is itself a reply, the new reply
 * goes under its top-level comment and answers that reply's author unless `replyto`
 * names someone else (a live user, else USER_NOT_FOUND). COMMENT_NOT_FOUND when `cid` is
 * gone or not on `pid`; COMMENT_BLOCKED when the post's author, the comment's author or
 * the person answered has blocked the viewer. The reply, its comment's reply count and
 * the post's comment counter are written in one transaction.
 */
export async function replyComment(db: Db, viewerId: number, input: ReplyInput): Promise<Reply> {
  assertNoProhibitedWords(input.content, 'content');
  const postAuthor = await requireLivePostAuthor(db, input.pid);
  const target = await findCommentRow(db, input.cid);
  if (!target || target.deletedAt !== null || target.postId !== input.pid) throw new AppError('COMMENT_NOT_FOUND');
  const topId = target.parentId ?? target.id;
  const top = target.parentId === null ? target : await findCommentRow(db, topId);
  if (!top || top.deletedAt !== null) throw new AppError('COMMENT_NOT_FOUND');
  const retry: CommentRetry = {
    userId: viewerId,
    clientMsgId: input.client_msg_id || null,
    postId: input.pid,
    parentId: topId,
    content: input.content,
  };
  const replayed = await findCommentReplay(db, retry);
  if (replayed) return toReply(replayed, { viewerId, liked: new Set() });

  // An explicit replyto must be a live user; the author of the reply answered is taken as is
  // (a reply to someone who has since deleted their account still answers them).
  if (input.replyto !== undefined) await requireUser(db, input.replyto);
  let answered: number | null = input.replyto ?? (target.parentId === null ? null : target.userId);
  // Answering the top-level comment's author under their own comment is replying to the comment.
  if (target.parentId === null && answered === top.userId) answered = null;

  const guards = new Set([postAuthor, top.userId, ...(answered === null ? [] : [answered])]);
  guards.delete(viewerId);
  const blocked = await Promise.all([...guards].map((uid) => hasBlocked(db, uid, viewerId)));
  if (blocked.some(Boolean)) throw new AppError('COMMENT_BLOCKED');

  const cid = await insertOrReplay(db, retry, async (tx, announce) => {
    // The comment's row first (locks it): a reply cannot slip under a comment being deleted.
    const [parent] = await tx
      .update(comments)
      .set({ replyCount: sql`${comments.replyCount} + 1` })
      .where(and(eq(comments.id, topId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (!parent) throw new AppError('COMMENT_NOT_FOUND');
    const [row] = await tx
      .insert(comments)
      .values({
        postId: input.pid,
        userId: viewerId,
        parentId: topId,
        replyToUserId: answered,
        content: input.content,
        clientMsgId: retry.clientMsgId,
      })
      .onConflictDoNothing()
      .returning({ id: comments.id });
    // Only the client id can conflict: the reply count bumped above rolls back with it.
    if (!row) throw new RetryConflict();
    await announce('comment.created', {
      commentId: row.id,
      postId: input.pid,
      userId: viewerId,
      parentId: topId,
      replyToUserId: answered,
    });
    return row.id;
  });

  const row = await findCommentRow(db, cid);
  if (!row) throw new AppError('COMMENT_NOT_FOUND');
  return toReply(row, { viewerId, liked: new Set() });
}

export type DeleteCommentInput = {
  cid: number;
  /** Who deletes: the comment's author or the post's author, unless asModerator. */
  actorId: number;
  /** Moderators (the safety module's queue) may delete any comment. */
  asModerator?: boolean;
};

/**
 * Soft-deletes a live comment or reply. Allowed for its author, the post's author, or a
 * moderator (FORBIDDEN otherwise); COMMENT_NOT_FOUND when it is gone (or its post is).
 * Deleting a top-level comment deletes its live replies with it. In one transaction the
 * counters follow: the post's comments drop by everything removed, a reply's comment
 * loses one reply.
 */
export async function deleteComment(db: Db, input: DeleteCommentInput): Promise<{ result: true }> {
  await transaction(db, async (tx, announce) => {
    const [row] = await tx
      .select({ id: comments.id, postId: comments.postId, parentId: comments.parentId, userId: comments.userId })
      .from(comments)
      .where(and(eq(comments.id, input.cid), isNull(comments.deletedAt)))
      .for('no key update');
    // Read after the comment is locked, in the same transaction: a comment on a deleted post is gone.
    const postAuthor = row ? await findLivePostAuthor(tx, row.postId) : null;
    if (!row || postAuthor === null) throw new AppError('COMMENT_NOT_FOUND');
    const isAllowed = input.asModerator === true || input.actorId === row.userId || input.actorId === postAuthor;
    if (!isAllowed) throw new AppError('FORBIDDEN');

    const now = new Date();
    await tx.update(comments).set({ deletedAt: now }).where(eq(comments.id, row.id));
    let removed = 1;
    if (row.parentId === null) {
      const replies = await tx
        .update(comments)
        .set({ deletedAt: now })
        .where(and(eq(comments.parentId, row.id), isNull(comments.deletedAt)))
        .returning({ id: comments.id });
      removed += replies.length;
    } else {
      await tx
        .update(comments)
        .set({ replyCount: sql`greatest(0, ${comments.replyCount} - 1)` })
        .where(eq(comments.id, row.parentId));
    }
    await announce('comment.deleted', { commentId: row.id, postId: row.postId, removed });
  });
  return { result: true };
}
