import { formatMessage } from '@evcircle/contract/client';
import { data } from 'react-router';
import { NonavFrame } from '~/features/layout/index.ts';
import { LeavePage, LINKS_MESSAGES, readDestination } from '~/features/links/index.ts';
import { SITE_MESSAGES } from '~/features/platform/index.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/go';

/**
 * /go?url=… (a path of our own: docs/decisions/0025-shell-and-links.md): the page between
 * a link in user content and another site. It stands alone (layout nonav), renders on the
 * server (no script needed to continue), and is never indexed.
 */
export const handle: RouteHandle = { layout: 'nonav' };

export function loader({ request }: Route.LoaderArgs) {
  const destination = readDestination(new URL(request.url).searchParams.get('url'));
  return data({ destination }, { status: destination.ok ? 200 : 400 });
}

/** Never indexed, and the page hands no address of ours to the site it leads to. */
export const headers: Route.HeadersFunction = () => ({
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
});

export const meta: Route.MetaFunction = () => [
  { title: formatMessage(SITE_MESSAGES.pageTitle, { page: LINKS_MESSAGES.title }) },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function GoPage({ loaderData }: Route.ComponentProps) {
  return (
    <NonavFrame>
      <LeavePage destination={loaderData.destination} />
    </NonavFrame>
  );
}
