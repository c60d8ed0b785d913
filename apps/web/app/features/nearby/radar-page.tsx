import { lazyComponent } from '~/lib/lazy-component.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { NearbyHeading } from './nearby-heading.tsx';
import { PlaceGate } from './place-gate.tsx';

/**
 * Everything measured from the place shows only once the browser has one, never in the
 * server's HTML: its code (the radar, the filters, the lists) loads then.
 */
const RadarBody = lazyComponent(
  () => import('./radar-body.tsx').then((module) => module.RadarBody),
  () => <Skeleton className="mx-auto aspect-square w-full max-w-[26rem] rounded-full" />,
);

/**
 * /radar for a logged-in viewer: why the position is wanted (and the browser's prompt on
 * a tap), then the radar of people and teams around with sex, car-model and radius
 * filters, the lists of both under it, and the 隐身 switch.
 */
export function RadarPage({ imageBase }: { imageBase: string }) {
  return (
    <div data-testid="radar-page" className="mx-auto max-w-5xl px-3 pt-3 pb-8 md:px-6 md:pt-6">
      <NearbyHeading title={NEARBY_MESSAGES.radarHeading} current="radar" />
      <PlaceGate>{(place) => <RadarBody place={place} imageBase={imageBase} />}</PlaceGate>
    </div>
  );
}
