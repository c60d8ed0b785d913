import { z } from 'zod';
import { PAGE_SIZE, POST_LOCATION_MAX_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { coordinateField, optionalText } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// Places near a point (SPEC.md §7 "Search and sitemap": POST /pub/nearbyAds): charging and
// battery-swap stations, service centres, tyre shops, car washes. SPEC.md gives only the
// call and `pois`; the rules below are ours.

/** How far from the point a place may be: SPEC.md §9's radius of geo posts, 10 km. */
export const PLACES_RADIUS_M = 10_000;
/** Places a page by default (SPEC.md §9 "nearby"). */
export const PLACES_PAGE_SIZE = PAGE_SIZE.nearby;
/**
 * Largest page: bigger sizes are capped. 25 is also the most AMap's place search answers
 * at once, so every provider pages alike.
 */
export const PLACES_MAX_PAGE_SIZE = 25;
/** Last page that can be asked for (AMap's own limit; 2,500 places is past any radius here). */
export const PLACES_MAX_PAGE = 100;
/** The word is at most as long as a post's place, so any place a writer typed can be looked up. */
export const PLACE_WORD_MAX_LENGTH = POST_LOCATION_MAX_LENGTH;
/** The kinds of place the local directory holds (AMap answers its own, most specific, type name). */
export const PLACE_CATEGORIES = ['充电站', '换电站', '服务中心', '轮胎店', '洗车店', '汽车美容'] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

/** A place near the point. Public businesses, so their exact coordinates are shown. */
export const PoiSchema = z.object({
  /** The provider's id: a number as text for the local directory, AMap's own id otherwise. */
  id: z.string(),
  name: z.string(),
  /** One of PLACE_CATEGORIES for the local directory; AMap's most specific type otherwise. */
  category: z.string(),
  /** Street address without the city ('' when unknown). */
  address: z.string(),
  city: z.string(),
  district: z.string(),
  /** WGS-84 degrees, like the point asked about. */
  latitude: z.number(),
  longitude: z.number(),
  /** Metres from the point, rounded. */
  distance: z.number().int(),
});
export type Poi = z.infer<typeof PoiSchema>;

/**
 * Places within PLACES_RADIUS_M of a point (SPEC.md §7 POST /pub/nearbyAds). An empty
 * word answers every kind of place, nearest first; a word answers the places whose name,
 * kind or address match it (Chinese words and characters, pinyin and initials: 充电,
 * 特斯拉, tsl), those matching in the name first, then in the kind, then elsewhere, each
 * nearest first. `idx` is the page from 1. Counted per client address, as each call may
 * cost a map-provider query.
 */
export const nearbyPlaces = defineEndpoint({
  method: 'POST',
  path: '/pub/nearbyAds',
  // WGS-84, as browsers and phones give it.
  body: z.object({
    latitude: coordinateField(-90, 90, '纬度'),
    longitude: coordinateField(-180, 180, '经度'),
    word: optionalText(PLACE_WORD_MAX_LENGTH, '关键词'),
    size: z.coerce
      .number({ error: '须为数字' })
      .int({ error: '须为整数' })
      .min(1, { error: '须为不小于 1 的整数' })
      .default(PLACES_PAGE_SIZE)
      .transform((n) => Math.min(n, PLACES_MAX_PAGE_SIZE)),
    idx: z.coerce
      .number({ error: '须为数字' })
      .int({ error: '须为整数' })
      .min(1, { error: '须为不小于 1 的整数' })
      .max(PLACES_MAX_PAGE, { error: `不能超过 ${PLACES_MAX_PAGE}` })
      .default(1),
  }),
  data: z.object({ pois: z.array(PoiSchema) }),
  auth: 'none',
  rateLimit: {
    by: 'ip',
    windows: [
      { limit: 60, windowSeconds: 60 },
      { limit: 1000, windowSeconds: 86_400 },
    ],
  },
  summary: '附近地点',
});

export const placesErrors = defineErrors({
  /** The map provider (MAPS_PROVIDER=amap) refused or did not answer; nothing is made up instead. */
  PLACES_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '附近地点暂时无法获取，请稍后再试' },
});
