import { type Comment, commentAvatarUrl, formatMessage, type Reply } from '@evcircle/contract/client';
import { ChevronDown, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { TranslateButton, type TranslateToggle, TranslationPanel, useTranslateToggle } from '~/features/ai/index.ts';
import { LinkedText } from '~/features/links/index.ts';
import { ContentMenu } from '~/features/reports/index.ts';
import { formatRelativeTime } from '~/lib/china-time.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { LazyVipBadge } from '~/ui/lazy-vip-badge.tsx';
import { hiddenReplyCount } from './comment-list.ts';
import { LikeButton } from './like-button.tsx';
import { COMMENTS_MESSAGES } from './messages.ts';
import type { RepliesStatus, ReplyTarget } from './use-comments.ts';

/** Links written in a comment or reply. */
const LINK_CLASS = 'text-primary-700 dark:text-primary-400';

/** What a row may do; the section owns the list and the composer. */
export type RowActions = {
  postAuthorId: number;
  viewerUid: number | null;
  onReply: (target: ReplyTarget) => void;
  onLike: (cid: number) => void;
  onDelete: (cid: number) => Promise<void>;
  onDeleted: (cid: number) => void;
  onBlocked: (uid: number) => void;
  onLoadReplies: (cid: number) => void;
};

function useImageBase(): string {
  return useRootData()?.publicConfig.imageBase ?? '/files';
}

/** The author's name, linking to their profile, with 作者 when they wrote the post. */
function AuthorName({
  uid,
  name,
  isVip,
  isPostAuthor,
}: {
  uid: number;
  name: string;
  isVip: boolean;
  isPostAuthor: boolean;
}) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <Link
        to={`/user/${uid}`}
        data-testid="comment-author"
        className="truncate text-sm font-medium text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
      >
        {name}
      </Link>
      {isVip ? <LazyVipBadge /> : null}
      {isPostAuthor ? (
        <span className="shrink-0 rounded-full bg-primary-50 px-1.5 py-px text-[10px] leading-4 font-medium text-primary-700 dark:bg-primary-950 dark:text-primary-300">
          {COMMENTS_MESSAGES.author}
        </span>
      ) : null}
    </span>
  );
}

/** Time · 回复 · 翻译 on the left, the heart and the 更多 menu on the right. */
function ItemFooter({
  item,
  actions,
  onReply,
  translate,
}: {
  item: Comment | Reply;
  actions: RowActions;
  onReply: () => void;
  translate: TranslateToggle | null;
}) {
  const canDelete = actions.viewerUid !== null && actions.viewerUid === actions.postAuthorId;
  return (
    <div className="mt-1 flex items-center gap-1 text-xs text-gray-500 dark:text-gray-400">
      {/* Rendered by the server too: a minute may pass before the browser renders it again. */}
      <time dateTime={item.atime} className="mr-1" data-testid="comment-time" suppressHydrationWarning>
        {formatRelativeTime(item.atime)}
      </time>
      <button
        type="button"
        onClick={onReply}
        data-testid="comment-reply"
        aria-label={formatMessage(COMMENTS_MESSAGES.replyToLabel, { name: item.uname })}
        className="min-h-8 rounded-full px-2 font-medium hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:bg-gray-800 dark:hover:text-gray-100"
      >
        {COMMENTS_MESSAGES.reply}
      </button>
      {translate ? <TranslateButton toggle={translate} /> : null}
      <span className="flex-1" />
      <LikeButton isLiked={item.islike === 1} count={item.likenum} onClick={() => actions.onLike(item.cid)} />
      <ContentMenu
        target={{ type: 'comment', id: item.cid, authorId: item.uid, authorName: item.uname }}
        isMine={item.ismine === 1}
        canDelete={canDelete}
        onDelete={() => actions.onDelete(item.cid)}
        onDeleted={() => actions.onDeleted(item.cid)}
        onBlocked={() => actions.onBlocked(item.uid)}
        className="-my-1 [&_[data-testid=content-menu-button]]:size-8"
      />
    </div>
  );
}

function ReplyRow({ reply, actions }: { reply: Reply; actions: RowActions }) {
  const imageBase = useImageBase();
  const translate = useTranslateToggle(reply.content);
  return (
    <li data-testid="reply" data-cid={reply.cid} className="flex gap-2 py-2">
      <Link to={`/user/${reply.uid}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar src={commentAvatarUrl(reply.avatar, imageBase)} name={reply.uname} size={24} />
      </Link>
      <div className="min-w-0 flex-1">
        <AuthorName
          uid={reply.uid}
          name={reply.uname}
          isVip={reply.is_vip === 1}
          isPostAuthor={reply.uid === actions.postAuthorId}
        />
        <p className="mt-0.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-gray-900 dark:text-gray-100">
          {reply.replyto_uid > 0 ? (
            <span data-testid="reply-to" className="text-gray-500 dark:text-gray-400">
              {COMMENTS_MESSAGES.replyTo}{' '}
              <Link
                to={`/user/${reply.replyto_uid}`}
                className="text-primary-700 hover:underline dark:text-primary-400"
              >
                @{reply.replyto}
              </Link>
              ：
            </span>
          ) : null}
          <span data-testid="comment-content">
            <LinkedText text={reply.content} linkClassName={LINK_CLASS} />
          </span>
        </p>
        <TranslationPanel toggle={translate} />
        <ItemFooter
          item={reply}
          actions={actions}
          onReply={() => actions.onReply({ cid: reply.pcid, replyto: reply.uid, name: reply.uname })}
          translate={translate}
        />
      </div>
    </li>
  );
}

/** One top-level comment with its replies and "展开 N 条回复". */
export function CommentRow({
  comment,
  actions,
  repliesStatus,
}: {
  comment: Comment;
  actions: RowActions;
  repliesStatus: RepliesStatus | undefined;
}) {
  const imageBase = useImageBase();
  const translate = useTranslateToggle(comment.content);
  const hidden = hiddenReplyCount(comment);
  return (
    <li data-testid="comment" data-cid={comment.cid} className="flex gap-3 py-3">
      <Link to={`/user/${comment.uid}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar src={commentAvatarUrl(comment.avatar, imageBase)} name={comment.uname} size={36} />
      </Link>
      <div className="min-w-0 flex-1">
        <AuthorName
          uid={comment.uid}
          name={comment.uname}
          isVip={comment.is_vip === 1}
          isPostAuthor={comment.uid === actions.postAuthorId}
        />
        <p
          data-testid="comment-content"
          className="mt-0.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-gray-900 dark:text-gray-100"
        >
          <LinkedText text={comment.content} linkClassName={LINK_CLASS} />
        </p>
        <TranslationPanel toggle={translate} />
        <ItemFooter
          item={comment}
          actions={actions}
          onReply={() => actions.onReply({ cid: comment.cid, name: comment.uname })}
          translate={translate}
        />
        {comment.replys.length > 0 ? (
          <ul aria-label={formatMessage(COMMENTS_MESSAGES.repliesLabel, { name: comment.uname })} data-testid="replies">
            {comment.replys.map((reply) => (
              <ReplyRow key={reply.cid} reply={reply} actions={actions} />
            ))}
          </ul>
        ) : null}
        {hidden > 0 ? (
          <button
            type="button"
            data-testid="expand-replies"
            disabled={repliesStatus === 'loading'}
            onClick={() => actions.onLoadReplies(comment.cid)}
            className={cn(
              'mt-1 inline-flex min-h-8 items-center gap-1 rounded-full pr-2 text-xs font-medium',
              'focus-visible:outline-2 focus-visible:outline-primary-500',
              repliesStatus === 'error'
                ? 'text-red-600 dark:text-red-400'
                : 'text-primary-700 hover:text-primary-800 dark:text-primary-400 dark:hover:text-primary-300',
            )}
          >
            <span aria-hidden="true" className="h-px w-5 bg-current opacity-50" />
            {repliesStatus === 'error'
              ? COMMENTS_MESSAGES.repliesFailed
              : formatMessage(COMMENTS_MESSAGES.expandReplies, { count: hidden })}
            {repliesStatus === 'loading' ? (
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
            ) : (
              <ChevronDown aria-hidden="true" className="size-3.5" />
            )}
          </button>
        ) : null}
      </div>
    </li>
  );
}
