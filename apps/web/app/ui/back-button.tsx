import { ChevronLeft } from 'lucide-react';
import { cn } from './cn.ts';
import { IconButton } from './icon-button.tsx';

type BackButtonProps = {
  /** 返回, or 关闭 where it closes the modal. */
  label: string;
  onClick: () => void;
  'data-testid': string;
  /** Its place: at the start of a row, or in a corner. */
  className?: string;
};

/** The ‹ of a page or modal on phones (a post, a product): back to the page before, or out of the modal. */
export function BackButton({ label, onClick, 'data-testid': testId, className }: BackButtonProps) {
  return (
    <IconButton
      label={label}
      size="sm"
      onClick={onClick}
      data-testid={testId}
      className={cn('-ml-1 text-gray-700 dark:text-gray-200', className)}
    >
      <ChevronLeft aria-hidden="true" className="size-6" />
    </IconButton>
  );
}
