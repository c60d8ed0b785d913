import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { loadSearchPage, SearchPageView, searchMeta, shouldRevalidateSearch } from '~/features/search/index.ts';
import type { Route } from './+types/search';

/**
 * /search (SPEC.md §7 "Search and sitemap"): before typing the history, hot words and
 * 猜你喜欢; /search?word=…&type=post|user|product the results of that tab, rendered on the
 * server so a result page can be shared and reloaded.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchPage(context, request);
}

/** Opening, stepping through and closing a post or product modal keeps the results as they are. */
export const shouldRevalidate = shouldRevalidateSearch;

export const meta: Route.MetaFunction = ({ data }) => searchMeta(data);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return <SearchPageView page={loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
