import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { loadPostPage, PostNotFound, PostPageView, postMeta } from '~/features/posts/index.ts';
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
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <PostNotFound /> }} />;
}
