import type { GeocodeResult } from '@evcircle/contract';
import type { LatLng } from './types.ts';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Names joined the Chinese way (no spaces), each once: a municipality is its own city
 * ("上海市" + "上海市" + "黄浦区" reads "上海市黄浦区"), and a county-level city under its
 * province directly is its own district ("河南省济源市").
 */
export function joinPlaceNames(...names: string[]): string {
  const kept: string[] = [];
  for (const name of names) if (name && name !== kept.at(-1)) kept.push(name);
  return kept.join('');
}

/** The four municipalities: AMap leaves their city empty, our answer names the municipality. */
export const MUNICIPALITIES = new Set(['北京市', '天津市', '上海市', '重庆市']);

/** A provider's names as the contract's answer for the WGS-84 point asked. */
export function geocodeResult(
  names: { province: string; city: string; district: string; street: string; formattedAddress?: string },
  point: LatLng,
): GeocodeResult {
  return {
    location: joinPlaceNames(names.city, names.district),
    formatted_address:
      names.formattedAddress || joinPlaceNames(names.province, names.city, names.district, names.street),
    province: names.province,
    city: names.city,
    district: names.district,
    street: names.street,
    latitude: round6(point.latitude),
    longitude: round6(point.longitude),
  };
}
