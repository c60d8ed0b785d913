import type { ReactNode } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { LocationGate } from './location-gate.tsx';
import { type Place, usePosition } from './position.ts';

/** Shown once there is a place (never in the server's HTML): loaded then. */
const PlaceBar = lazyComponent(
  () => import('./place-bar.tsx').then((module) => module.PlaceBar),
  () => <Skeleton className="h-[58px] rounded-2xl" />,
);

/**
 * What a page that measures from the viewer's place shows: the explanation and the
 * choice (device or city) until there is a place, then the place bar (切换, 重新定位,
 * 隐身) over `children`, given the place.
 */
export function PlaceGate({ children }: { children: (place: Place) => ReactNode }) {
  const position = usePosition();
  if (position.status !== 'ready') {
    return (
      <div className="mt-4">
        <LocationGate state={position} />
      </div>
    );
  }
  return (
    <div className="mt-4 flex flex-col gap-4">
      <PlaceBar position={position} />
      {children(position.place)}
    </div>
  );
}
