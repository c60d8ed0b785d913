import type { Config } from '../config.ts';
import { createAmapPlaceSearch } from './amap.ts';
import { createAmapReverseGeocoder } from './amap-regeo.ts';
import type { AmapOptions } from './amap-request.ts';
import { createOfflineGeocoder } from './offline.ts';
import type { MapsLog, PlaceSearch, ReverseGeocoder } from './types.ts';

export { AMAP_CAR_TYPES, createAmapPlaceSearch, gcj02ToWgs84, wgs84ToGcj02 } from './amap.ts';
export { createAmapReverseGeocoder } from './amap-regeo.ts';
export { amapSignature } from './amap-request.ts';
export { createOfflineGeocoder, OFFLINE_NEAR_KM } from './offline.ts';
export type { LatLng, MapsLog, PlaceQuery, PlaceSearch, ReverseGeocoder } from './types.ts';

export type MapsConfig = Pick<Config, 'MAPS_PROVIDER' | 'AMAP_KEY' | 'AMAP_SECRET' | 'AMAP_API_BASE'>;

/**
 * The place search MAPS_PROVIDER names: `local` is the caller's own directory (the places
 * module's pois table: platform/ knows no module, so the module hands it in), `amap` is
 * AMap's place search. Config parsing already refused amap without AMAP_KEY.
 */
export function createPlaceSearch(config: MapsConfig, local: PlaceSearch, log: MapsLog): PlaceSearch {
  switch (config.MAPS_PROVIDER) {
    case 'local':
      return local;
    case 'amap': {
      return createAmapPlaceSearch(amapOptionsOf(config, log));
    }
  }
}

/**
 * The reverse geocoder MAPS_PROVIDER names: `local` is the offline table of China's
 * districts bundled with the server (no network), `amap` is AMap's reverse geocoding.
 */
export function createReverseGeocoder(config: MapsConfig, log: MapsLog): ReverseGeocoder {
  switch (config.MAPS_PROVIDER) {
    case 'local':
      return createOfflineGeocoder();
    case 'amap': {
      return createAmapReverseGeocoder(amapOptionsOf(config, log));
    }
  }
}

/** How the AMap adapters reach AMap, from the configuration. */
function amapOptionsOf(config: MapsConfig, log: MapsLog): AmapOptions {
  // NOTE: config.ts refuses to start without the key; the check keeps the types honest.
  if (!config.AMAP_KEY) throw new Error('MAPS_PROVIDER=amap needs AMAP_KEY');
  return { key: config.AMAP_KEY, secret: config.AMAP_SECRET, apiBase: config.AMAP_API_BASE, log };
}
