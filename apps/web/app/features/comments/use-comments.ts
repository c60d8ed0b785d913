import {
  ApiError,
  type Comment,
  commentDelete,
  commentPager,
  commentReply,
  commentSave,
  likeAct,
  type Reply,
  replyPager,
} from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { newClientMsgId, withOneDirectRetry } from '~/lib/client-msg-id.ts';
import { type PagedStatus, usePagedList } from '~/lib/use-paged-list.ts';
import {
  addLoadedReplies,
  addNewReply,
  findItem,
  prependComment,
  removeAuthor,
  removeItem,
  setLike,
  toggledLike,
} from './comment-list.ts';

/** Comments fetched per page of comment/pager ("加载更多评论" fetches the next). */
export const COMMENTS_PAGE_SIZE = 10;
/** Replies fetched per page of comment/reply-pager ("展开 N 条回复"). */
export const REPLIES_PAGE_SIZE = 20;

/** `loading` the first page, `error` when it failed; then `idle` / `more` / `moreError` / `done`. */
export type CommentsStatus = 'loading' | 'error' | 'idle' | 'more' | 'moreError' | 'done';

/** The section's status: a failed or loading first page shows instead of the list, later ones under it. */
function commentsStatus(status: PagedStatus, page: number): CommentsStatus {
  if (status === 'loading') return page === 0 ? 'loading' : 'more';
  if (status === 'error') return page === 0 ? 'error' : 'moreError';
  return status;
}

export type RepliesStatus = 'loading' | 'error';

/** Where a new reply goes: under comment `cid`, answering `replyto` (a reply's author) or the comment itself. */
export type ReplyTarget = { cid: number; replyto?: number; name: string };

/**
 * A post's comments as the section shows them: pages of comment/pager, replies expanded
 * with comment/reply-pager, likes toggled optimistically, new comments and replies
 * added at once, deletes and blocks removing what went. Writes answer how many items the
 * post's comment count gained (+1) or lost, so the caller keeps the total.
 * `viewerKey` refetches when the viewer changes (likes and ownership are per viewer).
 * `firstPage`, fetched by the page's loader for this viewer, is shown at once (and in
 * the server's HTML) instead of the first fetch.
 */
export function useComments(pid: number, viewerKey: number, firstPage: Comment[] | null = null) {
  const api = useApi();
  // NOTE: only the first page the section mounted with stands in for a fetch; a new post
  // or viewer fetches again (likes and ownership are per viewer).
  const [servedPage] = useState(firstPage);
  const list = usePagedList<Comment>({
    firstPage: servedPage,
    isEager: true,
    size: COMMENTS_PAGE_SIZE,
    fetchPage: (page) => api.call(commentPager, { pid, page, size: COMMENTS_PAGE_SIZE }),
    keyOf: (comment) => comment.cid,
    resetKey: `${pid}:${viewerKey}`,
  });
  const { items: comments, updateItems: setComments, loadMore: loadNextPage } = list;
  const status = commentsStatus(list.status, list.page);
  const [replyStatus, setReplyStatus] = useState<Record<number, RepliesStatus>>({});
  const commentsRef = useRef(comments);
  commentsRef.current = comments;
  const replyPagesRef = useRef(new Map<number, number>());
  const likePendingRef = useRef(new Set<number>());
  // Replies of an older post (or viewer) arriving late are dropped.
  const generationRef = useRef(0);

  const isFirstRunRef = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pid and viewerKey are the reasons to start over
  useEffect(() => {
    if (isFirstRunRef.current) {
      isFirstRunRef.current = false;
      return;
    }
    generationRef.current += 1;
    replyPagesRef.current = new Map();
    likePendingRef.current = new Set();
    setReplyStatus({});
  }, [pid, viewerKey]);

  /** The next page; after a failed first page, page 1 again (重试). */
  const loadMore = useCallback(() => void loadNextPage(), [loadNextPage]);

  /** Loads the next page of a comment's replies. */
  const loadReplies = useCallback(
    async (cid: number) => {
      const generation = generationRef.current;
      const page = (replyPagesRef.current.get(cid) ?? 0) + 1;
      setReplyStatus((all) => ({ ...all, [cid]: 'loading' }));
      try {
        const replies = await api.call(replyPager, { cid, page, size: REPLIES_PAGE_SIZE });
        if (generation !== generationRef.current) return;
        replyPagesRef.current.set(cid, page);
        setComments((list) => addLoadedReplies(list, cid, replies, replies.length < REPLIES_PAGE_SIZE));
        setReplyStatus(({ [cid]: _, ...rest }) => rest);
      } catch {
        if (generation !== generationRef.current) return;
        setReplyStatus((all) => ({ ...all, [cid]: 'error' }));
      }
    },
    [api, setComments],
  );

  /**
   * Toggles the viewer's like at once and settles on the server's answer; on failure puts
   * the old state back and rethrows. A second click while one is on its way is ignored.
   */
  const toggleLike = useCallback(
    async (cid: number) => {
      const item = findItem(commentsRef.current, cid);
      if (!item || likePendingRef.current.has(cid)) return;
      const before = { islike: item.islike, likenum: item.likenum };
      likePendingRef.current.add(cid);
      setComments((list) => setLike(list, cid, toggledLike(before)));
      try {
        const answer = await api.call(likeAct, { cid });
        setComments((list) => setLike(list, cid, answer));
      } catch (error) {
        setComments((list) => setLike(list, cid, before));
        throw error;
      } finally {
        likePendingRef.current.delete(cid);
      }
    },
    [api, setComments],
  );

  /**
   * Publishes a comment, or a reply when `target` is set; answers what the server answered.
   * A network failure gets one direct retry with the same client id (SPEC.md §7), which the
   * server answers with the comment the first try stored, if it did.
   */
  const send = useCallback(
    async (content: string, target: ReplyTarget | null): Promise<Comment | Reply> => {
      const client_msg_id = newClientMsgId();
      if (target) {
        const input = { pid, cid: target.cid, content, replyto: target.replyto, client_msg_id };
        const reply = await withOneDirectRetry(() => api.call(commentReply, input));
        setComments((list) => addNewReply(list, reply));
        return reply;
      }
      const comment = await withOneDirectRetry(() => api.call(commentSave, { pid, content, client_msg_id }));
      setComments((list) => prependComment(list, comment));
      return comment;
    },
    [api, pid, setComments],
  );

  /** Deletes a comment or reply on the server (throws ApiError on failure). */
  const deleteOnServer = useCallback(
    async (cid: number) => {
      await api.call(commentDelete, { cid });
    },
    [api],
  );

  /** Drops a deleted comment or reply; answers how many items went (a comment takes its replies). */
  const dropItem = useCallback(
    (cid: number): number => {
      const { removed } = removeItem(commentsRef.current, cid);
      setComments((list) => removeItem(list, cid).list);
      return removed;
    },
    [setComments],
  );

  /** Drops everything by a user the viewer just blocked. */
  const dropAuthor = useCallback(
    (uid: number) => {
      setComments((list) => removeAuthor(list, uid));
    },
    [setComments],
  );

  return {
    comments,
    status,
    replyStatus,
    loadMore,
    loadReplies,
    toggleLike,
    send,
    deleteOnServer,
    dropItem,
    dropAuthor,
  };
}

/** The server's message for a failed call, or `fallback` for a network failure. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
