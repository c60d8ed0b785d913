import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label'> & {
  /** What it does, for screen readers (the button shows only an icon). */
  label: string;
  /** 'md': a 36 px circle; 'sm': 6 px around the icon (a close or back button in a bar). */
  size?: 'sm' | 'md';
};

/**
 * A round button holding one icon (close, back, more, colour mode), grey until hovered.
 * Position and colour tweaks come in through `className`, which wins over these.
 */
export function IconButton({ label, size = 'md', className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full text-gray-500 transition-colors',
        'hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        size === 'md' ? 'size-9' : 'p-1.5',
        className,
      )}
      {...props}
    />
  );
}
