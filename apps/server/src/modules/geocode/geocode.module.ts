import { geocodeLocation } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { createReverseGeocoder } from '../../platform/maps/index.ts';
import { defineModule } from '../../platform/module.ts';

/**
 * Reverse geocoding (SPEC.md §7 POST /api/v1/ai/user/location/geocode): the offline table
 * of China's districts by default, AMap's reverse geocoding with MAPS_PROVIDER=amap.
 * Nothing is stored: the point is the viewer's own and goes back only to them.
 */
export const geocodeModule = defineModule({
  name: 'geocode',
  endpoints: (app) => {
    const geocoder = createReverseGeocoder(app.config, app.log);
    return [serve(geocodeLocation, ({ lat, lng }) => geocoder.reverse({ latitude: lat, longitude: lng }))];
  },
});
