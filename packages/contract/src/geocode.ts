import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { coordinateField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// Reverse geocoding: the place a point is in (SPEC.md §7 "AI and uploads": POST
// /api/v1/ai/user/location/geocode {lat, lng}; §3 "Geocode result"). The provider is the
// offline table of China's districts by default, AMap's reverse geocoding with
// MAPS_PROVIDER=amap (docs/decisions/0018-geocoding.md).
//
// Coordinate systems: the point asked and the point answered are WGS-84 (what browsers
// and phones report, and what the nearby calls store). Chinese map providers work in
// GCJ-02; the server converts on the way to them, and no GCJ-02 coordinate ever reaches
// the client.

/** The place a point is in. Text fields the provider does not know are ''. */
export const GeocodeResultSchema = z.object({
  /**
   * A short name of the place, fit to label a position or a post: the city and the
   * district or county ("上海市黄浦区", "湖州市安吉县"; once where they are one).
   */
  location: z.string(),
  /**
   * The fullest address the provider knows: province, city, district (offline), down to
   * the street and number with AMap ("上海市黄浦区南京东路街道人民大道200号").
   */
  formatted_address: z.string(),
  /** 上海市, 浙江省, 广西壮族自治区, 香港特别行政区. */
  province: z.string(),
  /** The prefecture-level city; for the four municipalities, the municipality itself. */
  city: z.string(),
  /** The district or county (区, 县, 县级市, 旗). */
  district: z.string(),
  /** The sub-district or township (街道, 镇, 乡); '' from the offline provider, which stops at districts. */
  street: z.string(),
  /** WGS-84 degrees: the point asked, rounded to 6 decimals (about 0.1 m). */
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

/**
 * The place the viewer's point is in. `lat` and `lng` are WGS-84 degrees. A point the
 * provider places in no district of China (abroad, far out at sea) is GEOCODE_NOT_FOUND,
 * never the nearest district whatever its distance; a provider that fails is
 * GEOCODE_UNAVAILABLE, never a made-up answer. Counted per user: each call may cost a
 * map-provider query.
 */
export const geocodeLocation = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/user/location/geocode',
  body: z.object({
    lat: coordinateField(-90, 90, '纬度'),
    lng: coordinateField(-180, 180, '经度'),
  }),
  data: GeocodeResultSchema,
  auth: 'user',
  rateLimit: {
    by: 'user',
    windows: [
      { limit: 30, windowSeconds: 60 },
      { limit: 500, windowSeconds: 86_400 },
    ],
  },
  summary: '坐标解析为地址',
});

export const geocodeErrors = defineErrors({
  /** No district of China holds the point (or lies within a short way of it). */
  GEOCODE_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '无法识别该位置所在地区（仅支持中国境内的位置）' },
  /** The map provider (MAPS_PROVIDER=amap) refused or did not answer; nothing is made up instead. */
  GEOCODE_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '地址解析暂时无法使用，请稍后再试' },
});
