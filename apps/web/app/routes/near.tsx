import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { NEARBY_MESSAGES, NearPage } from '~/features/nearby/index.ts';
import { useRootData } from '~/lib/root-data.ts';
import type { Route } from './+types/near';

/**
 * /near (SPEC.md §2, default layout): posts published with a place near the viewer. Posts
 * are public (SPEC.md §6: visitors read lists), so visitors may use it too; measured from
 * the browser's position (or a chosen city), so fetched in the browser.
 */
export const meta: Route.MetaFunction = () => [
  { title: NEARBY_MESSAGES.nearDocumentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function NearRoute() {
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  return <NearPage imageBase={imageBase} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
