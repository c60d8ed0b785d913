import { AppError, type GeocodeResult } from '@evcircle/contract';
import { geocodeResult, MUNICIPALITIES } from './address.ts';
import { wgs84ToGcj02 } from './amap.ts';
import { type AmapOptions, createAmapClient } from './amap-request.ts';
import type { LatLng, ReverseGeocoder } from './types.ts';

/** AMap answers strings, or `[]` for a field it has no value for. */
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

type AmapRegeoAnswer = { status?: unknown; info?: unknown; infocode?: unknown; regeocode?: unknown };

/**
 * AMap's reverse geocoding (Web Service v3 `geocode/regeo`). The point goes to AMap in
 * GCJ-02; the answer repeats the WGS-84 point asked. street is AMap's township (街道, 镇,
 * 乡); city is the municipality for the four municipalities, and the county itself for a
 * county-level city under its province directly, where AMap leaves city empty.
 *
 * A point AMap places in no province of China (it answers empty fields abroad and at sea)
 * is GEOCODE_NOT_FOUND. A refusal (status "0": bad key or signature, quota used up…), an
 * HTTP error, an answer that is not AMap's JSON or a timeout is GEOCODE_UNAVAILABLE, with
 * AMap's info and infocode in the log.
 */
export function createAmapReverseGeocoder(options: AmapOptions): ReverseGeocoder {
  const amap = createAmapClient(options);

  return {
    kind: 'amap',
    async reverse(point: LatLng): Promise<GeocodeResult> {
      const gcj = wgs84ToGcj02(point);
      const answer = await amap.get<AmapRegeoAnswer>({
        path: '/v3/geocode/regeo',
        params: {
          // AMap takes at most six decimals, longitude first.
          location: `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`,
          extensions: 'base',
          output: 'JSON',
        },
        label: 'amap reverse geocoding',
        // The position is the viewer's own: logged to two decimals (about 1 km), never exactly.
        context: { provider: 'amap', location: `${gcj.longitude.toFixed(2)},${gcj.latitude.toFixed(2)}` },
        failure: 'GEOCODE_UNAVAILABLE',
        isComplete: (answer) => answer.regeocode !== undefined,
      });
      const regeocode = record(answer.regeocode);
      const address = record(regeocode.addressComponent);
      const province = text(address.province);
      if (!province) throw new AppError('GEOCODE_NOT_FOUND');
      const district = text(address.district);
      const city = text(address.city) || (MUNICIPALITIES.has(province) ? province : district);
      return geocodeResult(
        {
          province,
          city,
          district,
          street: text(address.township),
          formattedAddress: text(regeocode.formatted_address),
        },
        point,
      );
    },
  };
}
