import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorBoundary } from '~/features/errors/error-page.tsx';
import { PostNotFound } from '~/features/post/post-not-found.tsx';
import { loadPostPage, postMeta } from '~/features/post/post-page.ts';
import { PostPageView } from '~/features/post/post-page-view.tsx';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/m-post';

export const handle: RouteHandle = { layout: 'mobile' };

export function loader({ params, context }: Route.LoaderArgs) {
  return loadPostPage(params.id, context);
}

/** Same tags as /post/{id}, whose address is the canonical one. */
export const meta: Route.MetaFunction = ({ data }) => postMeta(data);

/** /m/post/{id}: the phone rendering of a post, in the mobile layout (SPEC.md §2). */
export default function MobilePostPage({ loaderData }: Route.ComponentProps) {
  return (
    <PostPageView
      post={loaderData.post}
      comments={loaderData.comments}
      imageBase={loaderData.imageBase}
      isAlwaysStacked
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PostNotFound />;
  return <RouteErrorBoundary />;
}
