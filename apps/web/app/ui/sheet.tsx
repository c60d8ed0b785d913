import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from './cn.ts';
import { IconButton } from './icon-button.tsx';
import { UI_MESSAGES } from './messages.ts';

type SheetProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
};

/**
 * A modal panel on the native <dialog> (focus trap, Esc, inert page behind it for free):
 * a bottom sheet on phones, a centred dialog on wider screens. A click on the backdrop
 * closes it. Children mount only while open, so lists inside load when shown.
 */
export function Sheet({ open, onClose, title, children, className, 'data-testid': testId }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // The backdrop is part of the dialog element: a click whose target is the dialog
    // itself landed outside the panel. Keyboard users close it with Esc or the button.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc is handled natively by <dialog>
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto max-h-[85dvh] w-full max-w-md flex-col overflow-hidden rounded-2xl bg-white p-0 text-gray-900 shadow-xl open:flex',
        'backdrop:bg-black/50 dark:bg-gray-900 dark:text-gray-100',
        'max-md:mb-0 max-md:max-w-none max-md:rounded-b-none max-md:pb-[env(safe-area-inset-bottom)]',
        className,
      )}
    >
      <div className="flex shrink-0 items-center justify-between gap-3 border-b border-gray-100 px-4 py-3 dark:border-gray-800">
        <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
          {title}
        </h2>
        <IconButton label={UI_MESSAGES.close} size="sm" onClick={onClose} className="-mr-1">
          <X aria-hidden="true" className="size-5" />
        </IconButton>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{open ? children : null}</div>
    </dialog>
  );
}
