import type { PostDetail } from '@evcircle/contract/client';
import { FileX, LoaderCircle, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { BackButton } from '~/ui/back-button.tsx';
import { Button } from '~/ui/button.tsx';
import { ListModal } from '~/ui/list-modal.tsx';
import { POST_MESSAGES } from './messages.ts';
import { PostView, type PostViewProps } from './post-view.tsx';

export type ModalContent =
  | { state: 'post'; post: PostDetail; isDetailLoaded: boolean }
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error' };

type PostModalProps = Pick<PostViewProps, 'imageBase' | 'onDeleted' | 'onBlocked' | 'onChange'> & {
  content: ModalContent;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
  onRetry: () => void;
};

/**
 * The post modal of SPEC.md §2 over a list (the shared ListModal): media left and text
 * right on desktop, one column on phones.
 */
export function PostModal({
  content,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onClose,
  onRetry,
  ...viewProps
}: PostModalProps) {
  const isMobile = useIsMobile();
  const headingId = useId();

  const body =
    content.state === 'post' ? (
      <PostView
        key={content.post.pid}
        post={content.post}
        isDetailLoaded={content.isDetailLoaded}
        layout={isMobile ? 'stacked' : 'split'}
        headingLevel="h2"
        headingId={headingId}
        leading={
          isMobile ? (
            <BackButton label={POST_MESSAGES.close} onClick={onClose} data-testid="post-modal-close" />
          ) : undefined
        }
        {...viewProps}
      />
    ) : (
      <ModalMessage content={content} onRetry={onRetry} onClose={onClose} isMobile={isMobile} headingId={headingId} />
    );

  return (
    <ListModal
      testId="post-modal"
      labelledBy={headingId}
      label={content.state === 'post' ? undefined : POST_MESSAGES.modalLabel}
      labels={{ close: POST_MESSAGES.close, previous: POST_MESSAGES.previous, next: POST_MESSAGES.next }}
      hasPrevious={hasPrevious}
      hasNext={hasNext}
      onPrevious={onPrevious}
      onNext={onNext}
      onClose={onClose}
    >
      {body}
    </ListModal>
  );
}

type ModalMessageProps = {
  content: Exclude<ModalContent, { state: 'post' }>;
  onRetry: () => void;
  onClose: () => void;
  isMobile: boolean;
  headingId: string;
};

/** Loading, gone, or failed: said inside the modal, with a way out. */
function ModalMessage({ content, onRetry, onClose, isMobile, headingId }: ModalMessageProps) {
  return (
    <div
      data-testid={`post-modal-${content.state}`}
      className="relative flex h-full min-h-[50dvh] flex-col items-center justify-center gap-4 p-8 text-center"
    >
      {isMobile ? (
        <BackButton
          label={POST_MESSAGES.close}
          onClick={onClose}
          data-testid="post-modal-close"
          className="ml-0 absolute top-2 left-2"
        />
      ) : null}
      {content.state === 'loading' ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-gray-400" />
          <h2 id={headingId} className="text-sm text-gray-500 dark:text-gray-400">
            {POST_MESSAGES.loading}
          </h2>
        </>
      ) : null}
      {content.state === 'missing' ? (
        <>
          <FileX aria-hidden="true" className="size-12 text-gray-300 dark:text-gray-600" />
          <h2 id={headingId} className="text-base font-medium">
            {POST_MESSAGES.notFoundTitle}
          </h2>
          <p className="text-sm text-gray-500 dark:text-gray-400">{POST_MESSAGES.notFoundHint}</p>
        </>
      ) : null}
      {content.state === 'error' ? (
        <>
          <h2 id={headingId} className="text-base font-medium">
            {POST_MESSAGES.loadFailed}
          </h2>
          <Button variant="outline" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-4" />
            {POST_MESSAGES.retry}
          </Button>
        </>
      ) : null}
    </div>
  );
}
