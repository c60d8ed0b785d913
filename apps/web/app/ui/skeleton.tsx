import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

/** A grey placeholder block that pulses while content loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-gray-200 dark:bg-gray-800', className)}
      {...props}
    />
  );
}
