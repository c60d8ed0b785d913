import { MapPinned } from 'lucide-react';
import { LoginPrompt, useViewer } from '~/features/auth/index.ts';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { NEARBY_MESSAGES, NearbyPage } from '~/features/nearby/index.ts';
import { useRootData } from '~/lib/root-data.ts';
import type { Route } from './+types/nearby';

/**
 * /nearby (SPEC.md §2, default layout): people, teams and posts near the viewer
 * (?tab=people|teams|posts), with the radius picker and 发起车队. Measured from the
 * browser's position (or a chosen city), so fetched in the browser.
 */
export const meta: Route.MetaFunction = () => [
  { title: NEARBY_MESSAGES.nearbyDocumentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function NearbyRoute() {
  const viewer = useViewer();
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  if (!viewer) {
    return (
      <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8">
        <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{NEARBY_MESSAGES.nearbyHeading}</h1>
        <LoginPrompt
          icon={MapPinned}
          title={NEARBY_MESSAGES.guestTitle}
          hint={NEARBY_MESSAGES.guestHint}
          testId="nearby-guest"
        />
      </div>
    );
  }
  return <NearbyPage imageBase={imageBase} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
