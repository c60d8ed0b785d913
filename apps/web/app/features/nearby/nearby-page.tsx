import { lazyComponent } from '~/lib/lazy-component.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { NearbyHeading } from './nearby-heading.tsx';
import { PlaceGate } from './place-gate.tsx';

/**
 * Everything measured from the place shows only once the browser has one, never in the
 * server's HTML: its code (counts, tabs, lists) loads then.
 */
const NearbyBody = lazyComponent(
  () => import('./nearby-body.tsx').then((module) => module.NearbyBody),
  () => <Skeleton className="h-96 rounded-2xl" />,
);

/**
 * /nearby for a logged-in viewer: how many people and teams are around, then people,
 * teams and posts with a place near the viewer (?tab=people|teams|posts), each with the
 * radius picker, and 发起车队.
 */
export function NearbyPage({ imageBase }: { imageBase: string }) {
  return (
    <div data-testid="nearby-page" className="mx-auto max-w-3xl px-3 pt-3 pb-8 md:px-6 md:pt-6">
      <NearbyHeading title={NEARBY_MESSAGES.nearbyHeading} current="nearby" />
      <PlaceGate>{(place) => <NearbyBody place={place} imageBase={imageBase} />}</PlaceGate>
    </div>
  );
}
