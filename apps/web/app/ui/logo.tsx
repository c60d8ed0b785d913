import { Link } from 'react-router';
import { cn } from './cn.ts';
import { UI_MESSAGES } from './messages.ts';

/** The mark (same drawing as /favicon.svg) and the name 车友圈, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 font-bold text-gray-900 dark:text-white', className)}>
      <LogoMark className="size-8" />
      <span className="text-lg tracking-wide">{UI_MESSAGES.brand}</span>
    </Link>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <rect width="64" height="64" rx="16" className="fill-primary-600" />
      <path d="M36 10 18 36h12l-4 18 20-28H34l2-16Z" fill="#fff" />
    </svg>
  );
}
