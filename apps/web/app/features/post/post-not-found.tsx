import { CLIENT_MESSAGES, formatMessage } from '@evcircle/contract/client';
import { FileX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';
import { POST_MESSAGES } from './messages.ts';

/** The 404 page of a post: it does not exist or was deleted (SPEC.md §2 404 wording below). */
export function PostNotFound() {
  const { pathname } = useLocation();
  return (
    <section
      data-testid="post-not-found"
      className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center"
    >
      <FileX aria-hidden="true" className="size-12 text-gray-400" />
      <p className="mt-4 text-5xl font-bold text-gray-300 dark:text-gray-700">404</p>
      <h1 className="mt-2 text-xl font-semibold">{POST_MESSAGES.notFoundTitle}</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{POST_MESSAGES.notFoundHint}</p>
      <p className="mt-1 break-all text-xs text-gray-400 dark:text-gray-500">
        {formatMessage(CLIENT_MESSAGES.pageNotFound, { path: pathname })}
      </p>
      <Link to="/" className={buttonClass('solid', 'md', 'mt-8')}>
        {POST_MESSAGES.backHome}
      </Link>
    </section>
  );
}
