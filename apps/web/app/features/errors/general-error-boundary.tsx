import { CLIENT_MESSAGES, formatMessage } from '@evcircle/contract/client';
import { CircleAlert, MapPinOff } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  type ErrorResponse,
  isRouteErrorResponse,
  Link,
  type Params,
  useLocation,
  useParams,
  useRouteError,
} from 'react-router';
import { Button, buttonClass } from '~/ui/button.tsx';
import { ERROR_MESSAGES } from './messages.ts';

/** The 404 page of SPEC.md §2: 'Page not found: {path}' and a way home. */
function NotFoundPage() {
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

/** Renders the page for an error response of one status (the response is there for its data). */
export type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactNode;

type GeneralErrorBoundaryProps = {
  /** Pages for particular statuses, e.g. `{ 404: () => <PostNotFound /> }` for a missing post. */
  statusHandlers?: Record<number, StatusHandler>;
  /** Any other error response; by default a 404 gets the site's 404 page, the rest the error page. */
  defaultStatusHandler?: StatusHandler;
  /** A thrown error that is not a response (a bug, a failed fetch). */
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
};

const defaultStatus: StatusHandler = ({ error }) => (error.status === 404 ? <NotFoundPage /> : <ErrorPage />);

/**
 * The one error boundary every route builds on (after the Epic Stack's): an error
 * response goes to its status's handler, e.g. a missing post to the post's 404 page;
 * any other 404 renders the site's 404 page, and everything else a generic, detail-free
 * error page (details stay in the server log).
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = defaultStatus,
  unexpectedErrorHandler = () => <ErrorPage />,
}: GeneralErrorBoundaryProps) {
  const error = useRouteError();
  const params = useParams();
  if (!isRouteErrorResponse(error)) return unexpectedErrorHandler(error);
  return (statusHandlers?.[error.status] ?? defaultStatusHandler)({ error, params });
}
