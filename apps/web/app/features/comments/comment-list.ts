import type { Comment, Reply } from '@evcircle/contract/client';

/**
 * Pure updates of a post's comment list as the section holds it: top-level comments
 * newest first, each with the replies loaded so far (oldest first) in `replys` and the
 * total in `reply`. Every function answers a new list and leaves the old one alone, so
 * an optimistic change can be rolled back by keeping the previous list.
 */

/** A comment or a reply: what likes and deletes act on. */
export type CommentItem = Comment | Reply;

/** Puts a comment just written at the top. */
export function prependComment(list: Comment[], comment: Comment): Comment[] {
  return [comment, ...list.filter((c) => c.cid !== comment.cid)];
}

function mergeReplies(shown: Reply[], more: Reply[]): Reply[] {
  const byId = new Map<number, Reply>();
  for (const reply of [...shown, ...more]) byId.set(reply.cid, reply);
  return [...byId.values()].sort((a, b) => a.cid - b.cid);
}

/**
 * Adds loaded replies under comment `cid`, oldest first, without repeats. After the last
 * page (`isLast`) the count is what was loaded, so replies deleted meanwhile stop being
 * announced as "展开 N 条回复".
 */
export function addLoadedReplies(list: Comment[], cid: number, replies: Reply[], isLast: boolean): Comment[] {
  return list.map((c) => {
    if (c.cid !== cid) return c;
    const replys = mergeReplies(c.replys, replies);
    return { ...c, replys, reply: isLast ? replys.length : Math.max(c.reply, replys.length) };
  });
}

/** Adds a reply just written under its comment and counts it. */
export function addNewReply(list: Comment[], reply: Reply): Comment[] {
  return list.map((c) => {
    if (c.cid !== reply.pcid || c.replys.some((r) => r.cid === reply.cid)) return c;
    return { ...c, replys: mergeReplies(c.replys, [reply]), reply: c.reply + 1 };
  });
}

/** Replies of a comment not loaded yet ("展开 N 条回复"). */
export function hiddenReplyCount(comment: Comment): number {
  return Math.max(0, comment.reply - comment.replys.length);
}

/** The comment or reply with id `cid`, or null. */
export function findItem(list: Comment[], cid: number): CommentItem | null {
  for (const comment of list) {
    if (comment.cid === cid) return comment;
    const reply = comment.replys.find((r) => r.cid === cid);
    if (reply) return reply;
  }
  return null;
}

/** Applies `update` to the comment or reply with id `cid`. */
function updateItem(list: Comment[], cid: number, update: <T extends CommentItem>(item: T) => T): Comment[] {
  return list.map((c) => {
    if (c.cid === cid) return update(c);
    if (!c.replys.some((r) => r.cid === cid)) return c;
    return { ...c, replys: c.replys.map((r) => (r.cid === cid ? update(r) : r)) };
  });
}

/** Sets the like state of a comment or reply (the server's answer, or an optimistic guess). */
export function setLike(list: Comment[], cid: number, like: { islike: number; likenum: number }): Comment[] {
  return updateItem(list, cid, (item) => ({ ...item, islike: like.islike, likenum: like.likenum }));
}

/** The like state after one toggle, as the server will most likely answer it. */
export function toggledLike(item: Pick<CommentItem, 'islike' | 'likenum'>): { islike: number; likenum: number } {
  return item.islike === 1
    ? { islike: 0, likenum: Math.max(0, item.likenum - 1) }
    : { islike: 1, likenum: item.likenum + 1 };
}

/**
 * Removes a comment (with its replies) or a reply. `removed` is how many items the post's
 * comment count loses: a comment takes all its replies with it (loaded or not).
 */
export function removeItem(list: Comment[], cid: number): { list: Comment[]; removed: number } {
  const top = list.find((c) => c.cid === cid);
  if (top) return { list: list.filter((c) => c.cid !== cid), removed: 1 + top.reply };
  let removed = 0;
  const next = list.map((c) => {
    if (!c.replys.some((r) => r.cid === cid)) return c;
    removed = 1;
    return { ...c, replys: c.replys.filter((r) => r.cid !== cid), reply: Math.max(0, c.reply - 1) };
  });
  return { list: next, removed };
}

/** Removes everything a user wrote (after the viewer blocked them). */
export function removeAuthor(list: Comment[], uid: number): Comment[] {
  return list
    .filter((c) => c.uid !== uid)
    .map((c) => {
      const replys = c.replys.filter((r) => r.uid !== uid);
      if (replys.length === c.replys.length) return c;
      return { ...c, replys, reply: Math.max(0, c.reply - (c.replys.length - replys.length)) };
    });
}
