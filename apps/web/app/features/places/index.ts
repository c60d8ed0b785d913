// The places feature's public face: the nearby places a writer may pick as a post's place.
// Its code loads apart from the page, when first shown (after 使用当前位置).
import { lazyComponent } from '~/lib/lazy-component.ts';
import type { NearbyPlacesProps } from './nearby-places.tsx';

export type { NearbyPlacesProps } from './nearby-places.tsx';
export const NearbyPlaces = lazyComponent<NearbyPlacesProps>(() =>
  import('./nearby-places.tsx').then((module) => module.NearbyPlaces),
);
