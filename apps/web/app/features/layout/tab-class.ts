import { cn } from '~/ui/cn.ts';

/** A tab of the phone's bottom bar: icon over a short label, the primary colour when it is the page's. */
export const tabClass = (isActive: boolean) =>
  cn(
    'flex h-full w-full flex-col items-center justify-center gap-0.5 text-[11px]',
    isActive ? 'text-primary-600 dark:text-primary-400' : 'text-gray-500 dark:text-gray-400',
  );
