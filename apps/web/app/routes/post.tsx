import { redirect } from 'react-router';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { listModalAddress, loadPostPage, PostNotFound, PostPageView, postMeta } from '~/features/posts/index.ts';
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
  const modal = await listModalAddress(params.id, window.location);
  if (modal) throw redirect(modal);
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
