import type { MouseEvent, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { CommentComposer, CommentSkeleton } from '~/features/comments/index.ts';
import { DesktopHeader, MobileTopBar } from '~/features/layout/index.ts';
import { PostActions, PostCard, PostCardSkeleton } from '~/features/posts/index.ts';
import { cn } from '~/ui/cn.ts';
import { ImageCarousel } from '~/ui/image-carousel.tsx';
import { useToast } from '~/ui/toast.tsx';
import { PREVIEW_MESSAGES } from './messages.ts';
import type { PreviewName } from './preview-list.ts';
import { SAMPLE_COUNTS, SAMPLE_IMAGES, SAMPLE_VIDEO_POST } from './sample-data.ts';

/**
 * One component of the previews, with its sample data. Its code loads apart from the page
 * (see preview-page.tsx): the components it shows belong to other pages' first loads, which
 * a page of its own among their users would cut into more, smaller chunks. `data-ready`
 * says the code is there (before, the server's HTML shows and taps do nothing).
 */
export function PreviewBody({ name }: { name: PreviewName }) {
  const [isReady, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div data-testid={`preview-${name}`} data-preview={name} data-ready={isReady} className="mt-5 space-y-6">
      <Preview name={name} />
    </div>
  );
}

function Preview({ name }: { name: PreviewName }) {
  switch (name) {
    case 'skeletons':
      return <SkeletonsPreview />;
    case 'comment-input':
      return <CommentInputPreview />;
    case 'top-nav':
      return <TopNavPreview />;
    case 'image-carousel':
      return <ImageCarouselPreview />;
    case 'video-thumbnail':
      return <VideoThumbnailPreview />;
    case 'right-buttons':
      return <ActionsPreview placement="right" />;
    case 'down-buttons':
      return <ActionsPreview placement="down" />;
  }
}

/** One variant of a component, under its caption. */
function Variant({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-2 text-xs font-medium text-gray-500 dark:text-gray-400">{caption}</h2>
      <div
        className={cn(
          'overflow-hidden rounded-xl bg-white ring-1 ring-gray-900/10 dark:bg-gray-900 dark:ring-white/10',
          className,
        )}
      >
        {children}
      </div>
    </section>
  );
}

/** Says, instead of doing it, that an action of the sample does nothing here. */
function useInertAction(): () => void {
  const toast = useToast();
  return () => toast.show(PREVIEW_MESSAGES.inert);
}

/** Keeps the sample's links (a post, its author) on this page. */
function InertLinks({ children, className }: { children: ReactNode; className?: string }) {
  const inert = useInertAction();
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element) || !event.target.closest('a')) return;
    event.preventDefault();
    inert();
  };
  return (
    // Only stops the links inside from leaving the page (a link's Enter is a click event too).
    <div onClickCapture={onClickCapture} className={className}>
      {children}
    </div>
  );
}

function SkeletonsPreview() {
  return (
    <>
      <Variant caption={PREVIEW_MESSAGES.postCards} className="bg-gray-50 p-3 dark:bg-gray-950">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <PostCardSkeleton isTall />
          <PostCardSkeleton />
          <PostCardSkeleton />
        </div>
      </Variant>
      <Variant caption={PREVIEW_MESSAGES.commentList} className="px-4">
        <CommentSkeleton />
      </Variant>
    </>
  );
}

function CommentInputPreview() {
  const inert = useInertAction();
  const [isReplying, setReplying] = useState(true);
  const send = async () => {
    inert();
    return false;
  };
  return (
    <>
      <Variant caption={PREVIEW_MESSAGES.loggedIn} className="px-4 [&>div]:static">
        <CommentComposer isLoggedIn onRequireLogin={inert} target={null} onCancelTarget={inert} onSubmit={send} />
      </Variant>
      <Variant caption={PREVIEW_MESSAGES.replying} className="px-4 [&>div]:static">
        <CommentComposer
          isLoggedIn
          onRequireLogin={inert}
          target={isReplying ? { cid: 1, name: PREVIEW_MESSAGES.sampleReplyTo } : null}
          onCancelTarget={() => setReplying(false)}
          onSubmit={send}
        />
      </Variant>
      <Variant caption={PREVIEW_MESSAGES.loggedOut} className="px-4 [&>div]:static">
        <CommentComposer
          isLoggedIn={false}
          onRequireLogin={inert}
          target={null}
          onCancelTarget={inert}
          onSubmit={send}
        />
      </Variant>
    </>
  );
}

function TopNavPreview() {
  return (
    <>
      <Variant caption={PREVIEW_MESSAGES.phoneBar} className="max-w-md [&>header]:static">
        <MobileTopBar />
      </Variant>
      {/* At a desktop's width even on a phone (the frame scrolls sideways): narrower, it is not what desktops see. */}
      <Variant caption={PREVIEW_MESSAGES.desktopBar} className="overflow-x-auto">
        <div className="min-w-[1024px] [&>header]:static">
          <DesktopHeader />
        </div>
      </Variant>
    </>
  );
}

function ImageCarouselPreview() {
  return (
    <>
      <Variant caption={PREVIEW_MESSAGES.phoneBar} className="max-w-md">
        <ImageCarousel
          images={SAMPLE_IMAGES}
          imageBase=""
          fit="natural"
          alt={PREVIEW_MESSAGES.sampleImagesAlt}
          label={PREVIEW_MESSAGES.imageCarousel}
          sizes="(min-width: 448px) 448px, 100vw"
          data-testid="post-carousel"
        />
      </Variant>
      <Variant caption={PREVIEW_MESSAGES.desktopBar} className="h-[420px]">
        <ImageCarousel
          images={SAMPLE_IMAGES}
          imageBase=""
          fit="fill"
          alt={PREVIEW_MESSAGES.sampleImagesAlt}
          label={PREVIEW_MESSAGES.imageCarousel}
          sizes="(min-width: 768px) 720px, 100vw"
          data-testid="post-carousel"
        />
      </Variant>
    </>
  );
}

function VideoThumbnailPreview() {
  return (
    <InertLinks className="w-44 sm:w-56">
      <PostCard post={SAMPLE_VIDEO_POST} imageBase="" />
    </InertLinks>
  );
}

/**
 * 点赞 / 评论 / 分享 where the post detail has them: at the foot of the right-hand column
 * (desktop) or under the text (phones). The like toggles here only.
 */
function ActionsPreview({ placement }: { placement: 'right' | 'down' }) {
  const frame =
    placement === 'right'
      ? 'w-full max-w-[420px] border-t border-gray-100 px-3 py-1.5 dark:border-gray-800'
      : 'w-full max-w-md border-b border-gray-100 px-2 py-1 dark:border-gray-800';
  return (
    <>
      <Variant caption={PREVIEW_MESSAGES.notLiked} className="max-w-[420px]">
        <SampleActions isFirstLiked={false} className={frame} />
      </Variant>
      <Variant caption={PREVIEW_MESSAGES.liked} className="max-w-[420px]">
        <SampleActions isFirstLiked className={frame} />
      </Variant>
    </>
  );
}

function SampleActions({ isFirstLiked, className }: { isFirstLiked: boolean; className: string }) {
  const inert = useInertAction();
  const [isLiked, setLiked] = useState(isFirstLiked);
  const likes = SAMPLE_COUNTS.likes + (isLiked ? 1 : 0);
  return (
    <div className={className}>
      <PostActions
        isLiked={isLiked}
        likeCount={likes}
        commentCount={SAMPLE_COUNTS.comments}
        shareCount={SAMPLE_COUNTS.shares}
        isLikeReady
        onLike={() => setLiked((now) => !now)}
        onComments={inert}
        onShare={inert}
      />
    </div>
  );
}
