import { CLIENT_MESSAGES, formatMessage } from '@evcircle/contract/client';
import type { LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';
import { ERROR_MESSAGES } from './messages.ts';

type ResourceNotFoundProps = {
  icon: LucideIcon;
  title: string;
  hint: string;
  testId: string;
};

/** The 404 page of one thing (a post, a profile): what is missing, the address, a way home. */
export function ResourceNotFound({ icon: Icon, title, hint, testId }: ResourceNotFoundProps) {
  const { pathname } = useLocation();
  return (
    <section data-testid={testId} className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <Icon aria-hidden="true" className="size-12 text-gray-400" />
      <p className="mt-4 text-5xl font-bold text-gray-300 dark:text-gray-700">404</p>
      <h1 className="mt-2 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{hint}</p>
      <p className="mt-1 break-all text-xs text-gray-400 dark:text-gray-500">
        {formatMessage(CLIENT_MESSAGES.pageNotFound, { path: pathname })}
      </p>
      <Link to="/" className={buttonClass('solid', 'md', 'mt-8')}>
        {ERROR_MESSAGES.backHome}
      </Link>
    </section>
  );
}
