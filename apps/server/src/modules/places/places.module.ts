import { nearbyPlaces } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { createPlaceSearch } from '../../platform/maps/index.ts';
import { defineModule } from '../../platform/module.ts';
import { listNearbyPlaces, localPlaceSearch } from './places.service.ts';
import * as tables from './places.tables.ts';

/**
 * Places near a point (SPEC.md §7 POST /pub/nearbyAds): the local directory of the pois
 * table by default, AMap's place search with MAPS_PROVIDER=amap.
 */
export const placesModule = defineModule({
  name: 'places',
  tables,
  endpoints: (app) => {
    const search = createPlaceSearch(app.config, localPlaceSearch(app.db), app.log);
    return [serve(nearbyPlaces, (input) => listNearbyPlaces(search, input))];
  },
});
