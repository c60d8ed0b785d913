import { AppError, type GeocodeResult } from '@evcircle/contract';
import { getVendorJson } from '../vendor-http.ts';
import { geocodeResult, MUNICIPALITIES } from './address.ts';
import { amapSignature, wgs84ToGcj02 } from './amap.ts';
import type { LatLng, MapsLog, ReverseGeocoder } from './types.ts';

/** How long one reverse geocoding may take before it counts as failed. */
const DEFAULT_TIMEOUT_MS = 5_000;

export type AmapReverseGeocoderOptions = {
  key: string;
  /** The key's private key, when AMap checks digital signatures for it. */
  secret?: string;
  /** https://restapi.amap.com, or a local fake in tests. */
  apiBase: string;
  log: MapsLog;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

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
export function createAmapReverseGeocoder(options: AmapReverseGeocoderOptions): ReverseGeocoder {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const apiBase = options.apiBase.replace(/\/+$/, '');

  return {
    kind: 'amap',
    async reverse(point: LatLng): Promise<GeocodeResult> {
      const gcj = wgs84ToGcj02(point);
      const params: Record<string, string> = {
        key: options.key,
        // AMap takes at most six decimals, longitude first.
        location: `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`,
        extensions: 'base',
        output: 'JSON',
      };
      if (options.secret) params.sig = amapSignature(params, options.secret);
      const url = `${apiBase}/v3/geocode/regeo?${new URLSearchParams(params).toString()}`;
      // The position is the viewer's own: logged to two decimals (about 1 km), never exactly.
      const context = {
        provider: 'amap',
        location: `${gcj.longitude.toFixed(2)},${gcj.latitude.toFixed(2)}`,
      };

      const { status, answer, body } = await getVendorJson<AmapRegeoAnswer>(url, {
        fetch: doFetch,
        timeoutMs,
        log: options.log,
        label: 'amap reverse geocoding',
        context,
        failure: 'GEOCODE_UNAVAILABLE',
      });
      const regeocode = record(answer?.regeocode);
      if (status === 200 && answer?.status === '1' && answer.regeocode !== undefined) {
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
      }
      options.log.error(
        {
          ...context,
          httpStatus: status,
          info: answer?.info,
          infocode: answer?.infocode,
          body: answer ? undefined : body.slice(0, 300),
        },
        'amap reverse geocoding: refused',
      );
      throw new AppError('GEOCODE_UNAVAILABLE');
    },
  };
}
