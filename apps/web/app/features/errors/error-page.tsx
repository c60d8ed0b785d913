import { CLIENT_MESSAGES, formatMessage } from '@evcircle/contract/client';
import { CircleAlert, MapPinOff } from 'lucide-react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { Button, buttonClass } from '~/ui/button.tsx';
import { ERROR_MESSAGES } from './messages.ts';

/** The 404 page of SPEC.md §2: 'Page not found: {path}' and a way home. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section data-testid="not-found" className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <MapPinOff aria-hidden="true" className="size-12 text-gray-400" />
      <p className="mt-4 text-5xl font-bold text-gray-300 dark:text-gray-700">404</p>
      <h1 className="mt-2 text-xl font-semibold">{ERROR_MESSAGES.notFoundTitle}</h1>
      <p className="mt-2 break-all text-sm text-gray-500 dark:text-gray-400">
        {formatMessage(CLIENT_MESSAGES.pageNotFound, { path: pathname })}
      </p>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{ERROR_MESSAGES.notFoundHint}</p>
      <Link to="/" className={buttonClass('solid', 'md', 'mt-8')}>
        {ERROR_MESSAGES.backHome}
      </Link>
    </section>
  );
}

function ErrorPage() {
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <CircleAlert aria-hidden="true" className="size-12 text-red-500" />
      <h1 className="mt-4 text-xl font-semibold">{ERROR_MESSAGES.errorTitle}</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{ERROR_MESSAGES.errorHint}</p>
      <div className="mt-8 flex gap-3">
        <Button variant="outline" onClick={() => window.location.reload()}>
          {ERROR_MESSAGES.reload}
        </Button>
        <Link to="/" className={buttonClass('solid')}>
          {ERROR_MESSAGES.backHome}
        </Link>
      </div>
    </section>
  );
}

/**
 * The one error boundary every route builds on: a 404 response renders the 404 page,
 * anything else a generic, detail-free error page (details stay in the server log).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
