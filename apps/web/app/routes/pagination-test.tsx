import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { loadPagingTest, PagingTestPage, PREVIEW_MESSAGES, previewHeaders } from '~/features/previews/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/pagination-test';

/** /pagination-test (SPEC.md §2, a test page): the shared paged list over the home feed, ?size=… */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPagingTest(serverApi(context), new URL(request.url));
}

export const meta: Route.MetaFunction = () => [
  { title: PREVIEW_MESSAGES.pagingDocumentTitle },
  { name: 'robots', content: 'noindex' },
];

export const headers = previewHeaders;

export default function PaginationTestRoute({ loaderData }: Route.ComponentProps) {
  return <PagingTestPage size={loaderData.size} firstPage={loaderData.firstPage} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
