import { type Comment, type PostDetail, postCoverUrl } from '@evcircle/contract/client';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { ShareSheets } from '~/features/chat/index.ts';
import { CommentSection } from '~/features/comments/index.ts';
import { LazyTextVideoEmbed } from '~/features/player/index.ts';
import { cn } from '~/ui/cn.ts';
import { ImageCarousel } from '~/ui/image-carousel.tsx';
import { POST_MESSAGES } from './messages.ts';
import { PostActions } from './post-actions.tsx';
import { PostAuthor } from './post-author.tsx';
import { PostBody } from './post-body.tsx';
import { postTitle } from './post-text.ts';
import { PostVideo } from './post-video.tsx';
import { usePostLike } from './use-post-like.ts';
import { useShare } from './use-share.ts';

/** The share sheet's words for a post (the sheet, with 分享到私信, loads when a post is first shared). */
const SHARE_WORDS = {
  heading: POST_MESSAGES.shareTitle,
  linkLabel: POST_MESSAGES.shareLink,
  qrAlt: POST_MESSAGES.qrAlt,
};

export type PostViewProps = {
  post: PostDetail;
  /**
   * False while only the list's copy of the post is known (the modal opened before the
   * detail arrived): the like waits for the viewer's own state, comments wait for the id.
   */
  isDetailLoaded?: boolean;
  /** Media left and text right (desktop), or one column (phones). */
  layout: 'split' | 'stacked';
  headingLevel: 'h1' | 'h2';
  headingId?: string;
  imageBase: string;
  /** A back or close button at the start of the author row (phones). */
  leading?: ReactNode;
  /** The post was deleted by its author from the menu. */
  onDeleted: () => void;
  /** The viewer blocked the author from the menu. */
  onBlocked?: () => void;
  /** Counts or relations changed here (so a list behind can show them too). */
  onChange?: (patch: Partial<PostDetail>) => void;
  /** The first page of comments, when the page's loader fetched it. */
  firstComments?: Comment[] | null;
  className?: string;
};

/**
 * One post, as the post page and the post modal show it: author with follow and the …
 * menu, images (carousel) or video, text, theme, check-in, place and time, like / comment
 * / share, and the comments.
 */
export function PostView({
  post,
  isDetailLoaded = true,
  layout,
  headingLevel,
  headingId,
  imageBase,
  leading,
  onDeleted,
  onBlocked,
  onChange,
  firstComments,
  className,
}: PostViewProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const like = usePostLike(
    post.pid,
    { isLiked: post.islike === 1, count: post.likenum },
    useCallback(
      (state: { count: number; isLiked: boolean }) =>
        onChangeRef.current?.({ likenum: state.count, islike: state.isLiked ? 1 : 0 }),
      [],
    ),
  );
  // The same function for the post's life (the follow button's code loads beside the page).
  const onFollowChange = useCallback((now: boolean) => onChangeRef.current?.({ isfollow: now ? 1 : 0 }), []);
  // Counts changed here; until then the post's own (which the detail may still update).
  const [commentCount, setCommentCount] = useState<number | null>(null);
  const [shareCount, setShareCount] = useState<number | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  // Once opened, the sheet stays mounted, so closing it animates like any sheet.
  const [hasShared, setHasShared] = useState(false);
  const share = useShare(post.pid, post.share_url, (sharenum) => {
    setShareCount(sharenum);
    onChange?.({ sharenum });
  });
  const comments = useRef<HTMLDivElement>(null);
  const title = postTitle(post.content);
  const bookmarkTarget = useMemo(() => ({ path: `/post/${post.pid}`, title }), [post.pid, title]);
  const isSplit = layout === 'split';
  // A video-site link in the text of a post without a video of its own plays below the text.
  const embedPlayer =
    post.isvio === 1 && post.viosrc ? null : (
      <LazyTextVideoEmbed text={post.content} label={POST_MESSAGES.video} className="mt-3 overflow-hidden rounded-lg" />
    );

  const media = hasMedia(post) ? (
    <PostMedia post={post} imageBase={imageBase} fit={isSplit ? 'fill' : 'natural'} alt={title} />
  ) : null;
  const author = (
    <PostAuthor
      post={post}
      imageBase={imageBase}
      leading={leading}
      onDeleted={onDeleted}
      onBlocked={onBlocked}
      onFollowChange={onFollowChange}
    />
  );
  const actions = (
    <PostActions
      isLiked={like.isLiked}
      likeCount={like.count}
      commentCount={commentCount ?? post.comments}
      shareCount={shareCount ?? post.sharenum}
      isLikeReady={isDetailLoaded}
      bookmark={bookmarkTarget}
      videoPid={post.viosrc ? post.pid : undefined}
      onLike={() => void like.toggle()}
      onComments={() => {
        comments.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        comments.current?.querySelector<HTMLElement>('textarea, input')?.focus({ preventScroll: true });
      }}
      onShare={async () => {
        const url = await share();
        setHasShared(true);
        setShareUrl(url);
      }}
    />
  );
  const commentSection = isDetailLoaded ? (
    <CommentSection
      pid={post.pid}
      postAuthorId={post.uid}
      commentCount={post.comments}
      firstPage={firstComments}
      onCountChange={(count) => {
        setCommentCount(count);
        onChange?.({ comments: count });
      }}
    />
  ) : null;

  return (
    <article
      data-testid="post-view"
      data-pid={post.pid}
      data-layout={layout}
      className={cn(
        'bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100',
        isSplit ? 'flex h-full w-full overflow-hidden' : 'flex min-h-full flex-col',
        className,
      )}
    >
      {isSplit ? (
        <>
          {media ? <div className="relative min-w-0 flex-1 bg-gray-100 dark:bg-gray-950">{media}</div> : null}
          <div
            className={cn(
              'flex min-h-0 shrink-0 flex-col border-gray-200 dark:border-gray-800',
              media ? 'w-[380px] border-l lg:w-[420px]' : 'mx-auto w-full max-w-2xl',
            )}
          >
            <div className="border-b border-gray-100 px-5 py-3.5 dark:border-gray-800">{author}</div>
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
              <div className="px-5 pt-4 pb-2">
                <PostBody post={post} headingLevel={headingLevel} headingId={headingId} />
                {embedPlayer}
              </div>
              <div ref={comments} className="scroll-mt-2 border-t border-gray-100 pb-2 dark:border-gray-800">
                {commentSection}
              </div>
            </div>
            <div className="border-t border-gray-100 px-3 py-1.5 dark:border-gray-800">{actions}</div>
          </div>
        </>
      ) : (
        <>
          <header className="sticky top-0 z-20 border-b border-gray-100 bg-white/95 px-3 py-2 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
            {author}
          </header>
          {media}
          <div className="px-4 pt-4">
            <PostBody post={post} headingLevel={headingLevel} headingId={headingId} />
            {embedPlayer}
          </div>
          <div className="border-b border-gray-100 px-2 py-1 dark:border-gray-800">{actions}</div>
          <div ref={comments} className="flex-1 scroll-mt-16">
            {commentSection}
          </div>
        </>
      )}
      {hasShared ? (
        <ShareSheets
          target={{ kind: 'post', pid: post.pid }}
          url={shareUrl}
          title={title}
          words={SHARE_WORDS}
          onClose={() => setShareUrl(null)}
        />
      ) : null}
    </article>
  );
}

function hasMedia(post: PostDetail): boolean {
  return (post.isvio === 1 && post.viosrc !== '') || post.imgpack.length > 0 || post.imgsrc !== '';
}

type PostMediaProps = { post: PostDetail; imageBase: string; fit: 'fill' | 'natural'; alt: string };

/** A video post's player, or the images. */
function PostMedia({ post, imageBase, fit, alt }: PostMediaProps) {
  const images = useMemo(
    () => (post.imgpack.length > 0 ? post.imgpack : [{ src: post.imgsrc, width: 0, height: 0 }]),
    [post.imgpack, post.imgsrc],
  );
  if (post.isvio === 1 && post.viosrc) {
    return (
      <PostVideo
        pid={post.pid}
        src={post.viosrc}
        hls={post.viohls}
        captions={post.viocaption}
        poster={postCoverUrl(post, imageBase)}
        imageBase={imageBase}
        fit={fit}
      />
    );
  }
  return (
    <ImageCarousel
      images={images}
      imageBase={imageBase}
      fit={fit}
      alt={alt}
      label={POST_MESSAGES.media}
      // The carousel fills the phone's width; on wider screens the post page's media
      // column (the rest beside a 420 px side panel, at most about 820 px).
      sizes="(min-width: 768px) min(820px, 100vw - 420px), 100vw"
      data-testid="post-carousel"
    />
  );
}
