import { Radar } from 'lucide-react';
import { LoginPrompt, useViewer } from '~/features/auth/index.ts';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { NEARBY_MESSAGES, RadarPage } from '~/features/nearby/index.ts';
import { useRootData } from '~/lib/root-data.ts';
import type { Route } from './+types/radar';

/**
 * /radar (SPEC.md §2, default layout): the people and teams around the viewer on a radar.
 * Everything on it is measured from the browser's position (or a chosen city), so it is
 * fetched in the browser; the server renders the explanation that asks for it.
 */
export const meta: Route.MetaFunction = () => [
  { title: NEARBY_MESSAGES.radarDocumentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function RadarRoute() {
  const viewer = useViewer();
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  if (!viewer) {
    return (
      <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8">
        <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{NEARBY_MESSAGES.radarHeading}</h1>
        <LoginPrompt
          icon={Radar}
          title={NEARBY_MESSAGES.guestTitle}
          hint={NEARBY_MESSAGES.guestHint}
          testId="nearby-guest"
        />
      </div>
    );
  }
  return <RadarPage imageBase={imageBase} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
