import { ApiError, type Comment, formatMessage, STATUS } from '@evcircle/contract/client';
import { MessageCircle, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLoginModal, useRequireLogin, useViewer } from '~/features/auth/index.ts';
import type { PagedStatus } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { ListFooter } from '~/ui/list-footer.tsx';
import { useToast } from '~/ui/toast.tsx';
import { CommentComposer } from './comment-composer.tsx';
import { CommentRow, type RowActions } from './comment-item.tsx';
import { CommentSkeleton } from './comment-skeleton.tsx';
import { COMMENTS_MESSAGES } from './messages.ts';
import { type CommentsStatus, errorMessage, type ReplyTarget, useComments } from './use-comments.ts';

type CommentSectionProps = {
  pid: number;
  /** The post's author: they may delete any comment on it, and get the 作者 mark. */
  postAuthorId: number;
  /** The post's comment count as the page loaded it. */
  commentCount: number;
  /** Called with the new total after a comment or reply was added or removed. */
  onCountChange?: (count: number) => void;
  /** Page 1, when the page's loader fetched it (rendered by the server, no first fetch). */
  firstPage?: Comment[] | null;
};

/**
 * The comments of a post (post page and post modal): newest first with their first
 * replies, more on demand, likes, replies to comments and to replies, deleting your own
 * (or any on your own post), 举报 / 拉黑 through the 更多 menu, and the box at the bottom.
 * It brings its own horizontal padding (px-4) so the sticky box can span the full width.
 */
export function CommentSection({ pid, postAuthorId, commentCount, onCountChange, firstPage }: CommentSectionProps) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const loginModal = useLoginModal();
  const toast = useToast();
  const headingId = useId();
  const viewerUid = viewer?.uid ?? null;
  const {
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
  } = useComments(pid, viewerUid ?? 0, firstPage);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // The comment or reply just published, brought into view once it is drawn.
  const [justAdded, setJustAdded] = useState<number | null>(null);
  useEffect(() => {
    if (justAdded === null) return;
    const row = sectionRef.current?.querySelector(`[data-cid="${justAdded}"]`);
    const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row?.scrollIntoView({ block: 'center', behavior: isReduced ? 'auto' : 'smooth' });
  }, [justAdded]);

  // The total follows the page's count until something changes it here.
  const [count, setCount] = useState({ source: commentCount, value: commentCount });
  let total = count.value;
  if (count.source !== commentCount) {
    total = commentCount;
    setCount({ source: commentCount, value: commentCount });
  }
  const totalRef = useRef(total);
  totalRef.current = total;
  const onCountChangeRef = useRef(onCountChange);
  onCountChangeRef.current = onCountChange;
  const changeCount = useCallback((delta: number) => {
    if (delta === 0) return;
    const value = Math.max(0, totalRef.current + delta);
    totalRef.current = value;
    setCount((c) => ({ ...c, value }));
    onCountChangeRef.current?.(value);
  }, []);

  const showError = useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) {
        loginModal.open({ message: COMMENTS_MESSAGES.pleaseLogin });
        return;
      }
      toast.show(errorMessage(error, fallback), { tone: 'error' });
    },
    [loginModal, toast],
  );

  const actions = useMemo<RowActions>(
    () => ({
      postAuthorId,
      viewerUid,
      onReply: (next) => {
        if (!requireLogin(COMMENTS_MESSAGES.pleaseLogin)) return;
        setTarget(next);
      },
      onLike: (cid) => {
        if (!requireLogin(COMMENTS_MESSAGES.pleaseLogin)) return;
        toggleLike(cid).catch((error: unknown) => showError(error, COMMENTS_MESSAGES.likeFailed));
      },
      onDelete: deleteOnServer,
      onDeleted: (cid) => {
        setTarget((t) => (t?.cid === cid ? null : t));
        changeCount(-dropItem(cid));
      },
      // Their comments stay in the post's count (the server still counts them); the viewer just stops seeing them.
      onBlocked: (uid) => {
        setTarget(null);
        dropAuthor(uid);
      },
      onLoadReplies: (cid) => void loadReplies(cid),
    }),
    [
      postAuthorId,
      viewerUid,
      requireLogin,
      toggleLike,
      showError,
      deleteOnServer,
      dropItem,
      dropAuthor,
      changeCount,
      loadReplies,
    ],
  );

  async function submit(content: string): Promise<boolean> {
    try {
      const added = await send(content, target);
      setJustAdded(added.cid);
    } catch (error) {
      showError(error, COMMENTS_MESSAGES.sendFailed);
      return false;
    }
    toast.show(target ? COMMENTS_MESSAGES.replied : COMMENTS_MESSAGES.sent, { tone: 'success' });
    setTarget(null);
    changeCount(1);
    return true;
  }

  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid="comment-section" className="px-4">
      <h2 id={headingId} className="pt-4 pb-1 text-sm font-medium text-gray-600 dark:text-gray-300">
        <span data-testid="comment-count">
          {total > 0 ? formatMessage(COMMENTS_MESSAGES.headingCount, { count: total }) : COMMENTS_MESSAGES.heading}
        </span>
      </h2>

      {status === 'loading' ? <CommentSkeleton /> : null}

      {status === 'error' ? (
        <div role="alert" data-testid="comments-error" className="flex flex-col items-center gap-3 py-10 text-center">
          <p className="text-sm text-gray-500 dark:text-gray-400">{COMMENTS_MESSAGES.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={loadMore}>
            <RotateCw aria-hidden="true" className="size-4" />
            {COMMENTS_MESSAGES.retry}
          </Button>
        </div>
      ) : null}

      {status !== 'loading' && status !== 'error' && comments.length === 0 ? (
        <div data-testid="comments-empty" className="flex flex-col items-center gap-2 py-10 text-center">
          <MessageCircle aria-hidden="true" className="size-10 text-gray-300 dark:text-gray-700" />
          <p className="text-sm text-gray-500 dark:text-gray-400">{COMMENTS_MESSAGES.empty}</p>
        </div>
      ) : null}

      {comments.length > 0 ? (
        <ul
          aria-label={COMMENTS_MESSAGES.listLabel}
          data-testid="comment-list"
          className="divide-y divide-gray-100 dark:divide-gray-800/70"
        >
          {comments.map((comment) => (
            <CommentRow
              key={comment.cid}
              comment={comment}
              actions={actions}
              repliesStatus={replyStatus[comment.cid]}
            />
          ))}
        </ul>
      ) : null}

      {comments.length > 0 ? (
        <ListFooter
          trigger="button"
          status={footerStatus(status)}
          onLoadMore={loadMore}
          messages={{ loadMore: COMMENTS_MESSAGES.loadMore, end: COMMENTS_MESSAGES.end }}
          data-testid="comments-load-more"
        />
      ) : null}

      <CommentComposer
        isLoggedIn={viewer !== null}
        onRequireLogin={() => requireLogin(COMMENTS_MESSAGES.pleaseLogin)}
        target={target}
        onCancelTarget={() => setTarget(null)}
        onSubmit={submit}
      />
    </section>
  );
}

/** The footer under the list: a first page that is loading or failed shows above it instead. */
function footerStatus(status: CommentsStatus): PagedStatus {
  if (status === 'more') return 'loading';
  if (status === 'moreError') return 'error';
  return status === 'done' ? 'done' : 'idle';
}
