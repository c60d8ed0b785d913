import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type TouchEvent, useEffect, useRef } from 'react';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { useScrollLock } from '~/lib/use-scroll-lock.ts';
import { cn } from './cn.ts';

/** A horizontal swipe at least this long (and mostly sideways) goes to the previous or next item. */
const SWIPE_MIN_PX = 60;
/** Slower than this, a sideways drag is someone reading, not a swipe. */
const SWIPE_MAX_MS = 1500;

const FOCUSABLE =
  'a[href], button:not([disabled]), input, textarea, select, video[controls], [tabindex]:not([tabindex="-1"])';

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

export type ListModalProps = {
  /** Test id of the dialog; its buttons are `{testId}-close`, `-previous`, `-next`. */
  testId: string;
  /** The id of the heading naming the dialog (when the item is shown). */
  labelledBy?: string;
  /** The dialog's name otherwise (loading, gone, failed). */
  label?: string;
  /** Words of the buttons (关闭, 上一篇 / 上一件 …). */
  labels: { close: string; previous: string; next: string };
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
  /** The item: on phones it brings its own close (back) button. */
  children: ReactNode;
};

/**
 * The modal of a list (SPEC.md §2 post modal and product modal): a centred panel on
 * desktop (arrow keys and side buttons for previous / next), full screen on phones (swipe
 * sideways for previous / next; on an image carousel, only past its first or last image).
 * Esc, the close button and a click on the backdrop close it; focus stays inside while
 * open and returns to what opened it; the page behind does not scroll.
 */
export function ListModal({
  testId,
  labelledBy,
  label,
  labels,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onClose,
  children,
}: ListModalProps) {
  const isMobile = useIsMobile();
  const panel = useRef<HTMLDivElement>(null);
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

  return (
    // The dialog covers the page; a click that lands on its backdrop (not on the panel or a
    // button) closes it. The side buttons sit inside it, so focus and screen readers stay in.
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={label}
      tabIndex={-1}
      data-testid={testId}
      onKeyDown={trapFocus}
      onTouchStart={isMobile ? onTouchStart : undefined}
      onTouchEnd={isMobile ? onTouchEnd : undefined}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cn(
        'fixed inset-0 z-40 outline-none',
        // Sideways drags are the modal's (previous / next), never the browser's back / forward
        // swipe; the image carousel inside scrolls sideways on its own.
        isMobile
          ? 'touch-pan-y overflow-y-auto overscroll-contain bg-white dark:bg-gray-900'
          : 'bg-gray-950/70 backdrop-blur-sm',
      )}
    >
      {isMobile ? (
        children
      ) : (
        <>
          <div className="absolute top-1/2 left-1/2 h-[min(90dvh,880px)] w-[min(calc(100vw-10rem),1200px)] -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-2xl bg-white shadow-2xl dark:bg-gray-900">
            {children}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={labels.close}
            data-testid={`${testId}-close`}
            className="absolute top-4 right-4 rounded-full bg-white/15 p-2 text-white hover:bg-white/25"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
          {hasPrevious ? (
            <button
              type="button"
              onClick={onPrevious}
              aria-label={labels.previous}
              data-testid={`${testId}-previous`}
              className="absolute top-1/2 left-6 -translate-y-1/2 rounded-full bg-white/15 p-2.5 text-white hover:bg-white/25"
            >
              <ChevronLeft aria-hidden="true" className="size-7" />
            </button>
          ) : null}
          {hasNext ? (
            <button
              type="button"
              onClick={onNext}
              aria-label={labels.next}
              data-testid={`${testId}-next`}
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
