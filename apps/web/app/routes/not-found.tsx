import { data, redirect } from 'react-router';
import { ERROR_MESSAGES, GeneralErrorBoundary } from '~/features/errors/index.ts';
import { legacyRedirectTarget } from '~/features/legacy/index.ts';
import type { Route } from './+types/not-found';

export function loader({ request }: Route.LoaderArgs) {
  const target = legacyRedirectTarget(new URL(request.url));
  if (target) throw redirect(target, 301);
  // A thrown 404 renders the 404 page below with HTTP status 404.
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: ERROR_MESSAGES.notFoundDocumentTitle }];

/** Never rendered: the loader always redirects or throws. */
export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
