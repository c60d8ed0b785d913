import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from './button.tsx';

type RefusalNoticeProps = {
  icon: LucideIcon;
  title: string;
  hint: string;
  testId: string;
  /** Where the reader can go instead. */
  back: { to: string; label: string };
  /** 'h1' when the notice is the whole page (no heading above it); a paragraph otherwise. */
  titleAs?: 'h1' | 'p';
};

/** A page that cannot be shown to this reader (not theirs to see, or gone): why, and a way on. */
export function RefusalNotice({ icon: Icon, title, hint, testId, back, titleAs: Title = 'p' }: RefusalNoticeProps) {
  return (
    <div data-testid={testId} className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-red-50 dark:bg-red-950/60">
        <Icon aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />
      </span>
      <Title className="mt-5 text-base font-medium">{title}</Title>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{hint}</p>
      <Link to={back.to} className={buttonClass('outline', 'md', 'mt-8 min-w-40')}>
        {back.label}
      </Link>
    </div>
  );
}
