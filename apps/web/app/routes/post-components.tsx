import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { ComponentPreviewPage, loadPreview, previewHeaders, previewMeta } from '~/features/previews/index.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/post-components';

export const handle: RouteHandle = { layout: 'post' };

/** /post/components: the component previews (SPEC.md §2) in the post layout; an unknown name is 404. */
export function loader({ params }: Route.LoaderArgs) {
  return loadPreview('/post/components', params.name);
}

export const meta: Route.MetaFunction = ({ data, error }) => previewMeta(data, error);

export const headers = previewHeaders;

export default function PreviewRoute({ loaderData }: Route.ComponentProps) {
  return <ComponentPreviewPage prefix={loaderData.prefix} name={loaderData.name} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
