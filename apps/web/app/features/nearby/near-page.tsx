import { NEARBY_PLACES_RADIUS_KM } from '@evcircle/contract/client';
import { useState } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { RadiusChoice } from './filters.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import { NearbyHeading } from './nearby-heading.tsx';
import { PlaceGate } from './place-gate.tsx';
import type { Place } from './position.ts';

/** The cards (and the feed's code) load once there is a place to measure from. */
const GeoPostList = lazyComponent(() => import('./geo-post-list.tsx').then((module) => module.GeoPostList));

/** /near: posts published with a place near the viewer, nearest first, with the radius picker. */
export function NearPage({ imageBase }: { imageBase: string }) {
  return (
    <div data-testid="near-page" className="mx-auto max-w-screen-xl px-2 pt-3 pb-8 md:px-6 md:pt-6">
      <NearbyHeading title={NEARBY_MESSAGES.nearHeading} current="near" />
      <p className="mt-1 px-1 text-sm text-gray-500 dark:text-gray-400">{NEARBY_MESSAGES.nearIntro}</p>
      <PlaceGate>{(place) => <NearBody place={place} imageBase={imageBase} />}</PlaceGate>
    </div>
  );
}

function NearBody({ place, imageBase }: { place: Place; imageBase: string }) {
  const [radiusKm, setRadiusKm] = useState<number>(NEARBY_PLACES_RADIUS_KM);
  return (
    <>
      <RadiusChoice value={radiusKm} onChange={setRadiusKm} />
      <GeoPostList place={place} radiusKm={radiusKm} imageBase={imageBase} />
    </>
  );
}
