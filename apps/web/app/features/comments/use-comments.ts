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
import {
  addLoadedReplies,
  addNewReply,
  appendComments,
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

/** After a page of `items`: a short page is the last. */
function statusAfter(items: readonly Comment[]): CommentsStatus {
  return items.length < COMMENTS_PAGE_SIZE ? 'done' : 'idle';
}

/** `loading` the first page, `error` when it failed; then `idle` / `more` / `moreError` / `done`. */
export type CommentsStatus = 'loading' | 'error' | 'idle' | 'more' | 'moreError' | 'done';
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
  const [comments, setComments] = useState<Comment[]>(firstPage ?? []);
  const [status, setStatus] = useState<CommentsStatus>(firstPage ? statusAfter(firstPage) : 'loading');
  const [replyStatus, setReplyStatus] = useState<Record<number, RepliesStatus>>({});
  const commentsRef = useRef(comments);
  commentsRef.current = comments;
  const pageRef = useRef(firstPage ? 1 : 0);
  // The first page the server rendered stands for the first fetch; later starts fetch.
  const isFirstPageServedRef = useRef(firstPage !== null);
  const replyPagesRef = useRef(new Map<number, number>());
  const likePendingRef = useRef(new Set<number>());
  // Answers of an older post (or viewer) arriving late are dropped.
  const generationRef = useRef(0);
  const isFetchingRef = useRef(false);

  const fetchPage = useCallback(
    async (page: number) => {
      const generation = generationRef.current;
      isFetchingRef.current = true;
      setStatus(page === 1 ? 'loading' : 'more');
      try {
        const items = await api.call(commentPager, { pid, page, size: COMMENTS_PAGE_SIZE });
        if (generation !== generationRef.current) return;
        pageRef.current = page;
        setComments((list) => (page === 1 ? items : appendComments(list, items)));
        setStatus(statusAfter(items));
      } catch {
        if (generation !== generationRef.current) return;
        setStatus(page === 1 ? 'error' : 'moreError');
      } finally {
        if (generation === generationRef.current) isFetchingRef.current = false;
      }
    },
    [api, pid],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: viewerKey is the reason to start over
  useEffect(() => {
    if (isFirstPageServedRef.current) {
      isFirstPageServedRef.current = false;
      return;
    }
    generationRef.current += 1;
    isFetchingRef.current = false;
    pageRef.current = 0;
    replyPagesRef.current = new Map();
    likePendingRef.current = new Set();
    setComments([]);
    setReplyStatus({});
    void fetchPage(1);
  }, [fetchPage, viewerKey]);

  /** The next page; after a failed first page, page 1 again (重试). */
  const loadMore = useCallback(() => {
    if (isFetchingRef.current) return;
    void fetchPage(pageRef.current + 1);
  }, [fetchPage]);

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
    [api],
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
    [api],
  );

  /** Publishes a comment, or a reply when `target` is set; answers what the server answered. */
  const send = useCallback(
    async (content: string, target: ReplyTarget | null): Promise<Comment | Reply> => {
      if (target) {
        const reply = await api.call(commentReply, { pid, cid: target.cid, content, replyto: target.replyto });
        setComments((list) => addNewReply(list, reply));
        return reply;
      }
      const comment = await api.call(commentSave, { pid, content });
      setComments((list) => prependComment(list, comment));
      return comment;
    },
    [api, pid],
  );

  /** Deletes a comment or reply on the server (throws ApiError on failure). */
  const deleteOnServer = useCallback(
    async (cid: number) => {
      await api.call(commentDelete, { cid });
    },
    [api],
  );

  /** Drops a deleted comment or reply; answers how many items went (a comment takes its replies). */
  const dropItem = useCallback((cid: number): number => {
    const { removed } = removeItem(commentsRef.current, cid);
    setComments((list) => removeItem(list, cid).list);
    return removed;
  }, []);

  /** Drops everything by a user the viewer just blocked. */
  const dropAuthor = useCallback((uid: number) => {
    setComments((list) => removeAuthor(list, uid));
  }, []);

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
