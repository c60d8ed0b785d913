import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { UI_MESSAGES } from './messages.ts';
import { Sheet } from './sheet.tsx';

export type ConfirmSheetProps = {
  open: boolean;
  title: string;
  hint: string;
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** Runs the action; the sheet stays open (button busy) until it settles, then closes. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  'data-testid'?: string;
};

/**
 * A yes/no question before an action: bottom sheet on phones, centred dialog on desktop.
 * Pages use ConfirmSheet (confirm-sheet.tsx), which loads this when first opened; code
 * that is itself loaded on demand may use it directly.
 */
export function ConfirmSheetPanel({
  open,
  title,
  hint,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
  'data-testid': testId,
}: ConfirmSheetProps) {
  const [isPending, setIsPending] = useState(false);
  return (
    <Sheet open={open} onClose={onClose} title={title} data-testid={testId}>
      <div className="p-4">
        <p className="text-sm leading-relaxed text-gray-600 dark:text-gray-300">{hint}</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={isPending} className="max-md:flex-1">
            {UI_MESSAGES.cancel}
          </Button>
          <Button
            data-testid={testId ? `${testId}-confirm` : undefined}
            disabled={isPending}
            className={cn(
              'max-md:flex-1',
              danger && 'bg-red-600 hover:bg-red-700 disabled:bg-red-300 dark:disabled:bg-red-900',
            )}
            onClick={async () => {
              setIsPending(true);
              try {
                await onConfirm();
              } finally {
                setIsPending(false);
              }
            }}
          >
            {isPending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
