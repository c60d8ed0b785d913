import { redirect } from 'react-router';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import {
  isModalListPath,
  loadPostPage,
  PostNotFound,
  PostPageView,
  postMeta,
  searchString,
  withModalTarget,
} from '~/features/posts/index.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/post';

export const handle: RouteHandle = { layout: 'post' };

/** First loads (and so crawlers and visitors from other sites) get the full page, rendered here. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadPostPage(params.id, context);
}

/**
 * SPEC.md §2: a post opened by a client navigation from /, /exp, /mod, the other theme
 * feeds or a /user/ page is redirected back to that page with modal=true&postId&index=0,
 * where it shows as the modal. The page we leave is still the address while this runs.
 * Never for crawlers; the first load never gets here (the server's loader answers it).
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const from = window.location;
  const id = params.id;
  // isbot's list loads only on this path, so it stays out of every page's first load.
  const isCrawler = async () => (await import('~/lib/user-agent.ts')).isCrawlerUserAgent(navigator.userAgent);
  if (/^\d{1,15}$/.test(id) && isModalListPath(from.pathname) && !(await isCrawler())) {
    const search = withModalTarget(new URLSearchParams(from.search), { postId: Number(id), index: 0 });
    throw redirect(`${from.pathname}${searchString(search)}`);
  }
  return serverLoader();
}

export const meta: Route.MetaFunction = ({ data }) => postMeta(data);

/** /post/{id}: the post page; phones get the one-column rendering at this same address. */
export default function PostPage({ loaderData }: Route.ComponentProps) {
  return <PostPageView post={loaderData.post} comments={loaderData.comments} imageBase={loaderData.imageBase} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <PostNotFound /> }} />;
}
