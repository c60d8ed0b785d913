import type { PostDetail } from '@evcircle/contract/client';
import { ChevronLeft, ChevronRight, FileX, LoaderCircle, RotateCw, X } from 'lucide-react';
import { type KeyboardEvent as ReactKeyboardEvent, type TouchEvent, useEffect, useId, useRef } from 'react';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { BackButton } from './back-button.tsx';
import { POST_MESSAGES } from './messages.ts';
import { PostView, type PostViewProps } from './post-view.tsx';
import { useScrollLock } from './use-scroll-lock.ts';

/** A horizontal swipe at least this long (and mostly sideways) goes to the previous or next post. */
const SWIPE_MIN_PX = 60;
/** Slower than this, a sideways drag is someone reading, not a swipe. */
const SWIPE_MAX_MS = 1500;

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

const FOCUSABLE =
  'a[href], button:not([disabled]), input, textarea, select, video[controls], [tabindex]:not([tabindex="-1"])';

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The post modal of SPEC.md §2 over a list: a centred panel with media left and text
 * right on desktop (arrow keys and side buttons for previous / next), full screen on phones
 * (swipe sideways for previous / next; on the images, only past the first or last one).
 * Esc, the close button and a click on the backdrop close it; focus stays inside while
 * open and returns to what opened it.
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
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const swipe = useRef<{ x: number; y: number; time: number; allow: { previous: boolean; next: boolean } } | null>(
    null,
  );
  useScrollLock(true);

  // Focus moves into the modal, and back to the card that opened it afterwards.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus({ preventScroll: true });
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  // Keys on the whole document: the modal owns the keyboard while it is open.
  const keys = useRef({ hasPrevious, hasNext, onPrevious, onNext, onClose });
  keys.current = { hasPrevious, hasNext, onPrevious, onNext, onClose };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog above us (login, share, report) handles its own keys.
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const k = keys.current;
      if (isEditable(event.target)) {
        if (event.key === 'Escape') (event.target as HTMLElement).blur();
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        k.onClose();
      } else if (event.key === 'ArrowLeft' && k.hasPrevious) {
        event.preventDefault();
        k.onPrevious();
      } else if (event.key === 'ArrowRight' && k.hasNext) {
        event.preventDefault();
        k.onNext();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function trapFocus(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onTouchStart(event: TouchEvent<HTMLDivElement>) {
    const touch = event.touches[0];
    if (!touch || event.touches.length !== 1) {
      swipe.current = null;
      return;
    }
    const target = event.target as HTMLElement;
    if (target.closest('video, input, textarea')) {
      swipe.current = null;
      return;
    }
    // On the images the swipe belongs to the carousel until it is at its first or last image.
    const carousel = target.closest<HTMLElement>('[data-carousel]');
    let allow = { previous: true, next: true };
    if (carousel) {
      if (carousel.dataset.zoomed === 'true') {
        swipe.current = null;
        return;
      }
      allow = {
        previous: carousel.scrollLeft <= 1,
        next: carousel.scrollLeft + carousel.clientWidth >= carousel.scrollWidth - 1,
      };
    }
    swipe.current = { x: touch.clientX, y: touch.clientY, time: Date.now(), allow };
  }

  function onTouchEnd(event: TouchEvent<HTMLDivElement>) {
    const start = swipe.current;
    swipe.current = null;
    const touch = event.changedTouches[0];
    if (!start || !touch || Date.now() - start.time > SWIPE_MAX_MS) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    if (dx < 0 && hasNext && start.allow.next) onNext();
    if (dx > 0 && hasPrevious && start.allow.previous) onPrevious();
  }

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
    // The dialog covers the page; a click that lands on its backdrop (not on the panel or a
    // button) closes it. The side buttons sit inside it, so focus and screen readers stay in.
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      aria-label={content.state === 'post' ? undefined : POST_MESSAGES.modalLabel}
      tabIndex={-1}
      data-testid="post-modal"
      onKeyDown={trapFocus}
      onTouchStart={isMobile ? onTouchStart : undefined}
      onTouchEnd={isMobile ? onTouchEnd : undefined}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'fixed inset-0 z-40 outline-none',
        isMobile ? 'overflow-y-auto overscroll-contain bg-white dark:bg-gray-900' : 'bg-gray-950/70 backdrop-blur-sm',
      )}
    >
      {isMobile ? (
        body
      ) : (
        <>
          <div className="absolute top-1/2 left-1/2 h-[min(90dvh,880px)] w-[min(calc(100vw-10rem),1200px)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl dark:bg-gray-900">
            {body}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={POST_MESSAGES.close}
            data-testid="post-modal-close"
            className="absolute top-4 right-4 rounded-full bg-white/15 p-2 text-white hover:bg-white/25"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
          {hasPrevious ? (
            <button
              type="button"
              onClick={onPrevious}
              aria-label={POST_MESSAGES.previous}
              data-testid="post-modal-previous"
              className="absolute top-1/2 left-6 -translate-y-1/2 rounded-full bg-white/15 p-2.5 text-white hover:bg-white/25"
            >
              <ChevronLeft aria-hidden="true" className="size-7" />
            </button>
          ) : null}
          {hasNext ? (
            <button
              type="button"
              onClick={onNext}
              aria-label={POST_MESSAGES.next}
              data-testid="post-modal-next"
              className="absolute top-1/2 right-6 -translate-y-1/2 rounded-full bg-white/15 p-2.5 text-white hover:bg-white/25"
            >
              <ChevronRight aria-hidden="true" className="size-7" />
            </button>
          ) : null}
        </>
      )}
    </div>
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
