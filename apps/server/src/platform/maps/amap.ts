import type { PlaceCategory, Poi } from '@evcircle/contract';
import gcoord from 'gcoord';
import { type AmapOptions, createAmapClient } from './amap-request.ts';
import type { PlaceQuery, PlaceSearch } from './types.ts';

/**
 * AMap's POI classes asked for: 汽车服务 (charging and swap stations, car washes, care),
 * 汽车销售 and 汽车维修 (brand service centres, tyre and repair shops). A class includes
 * every class under it.
 */
export const AMAP_CAR_TYPES = '010000|020000|030000';

type LatLng = { latitude: number; longitude: number };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** WGS-84 (GPS, browsers) to GCJ-02 (AMap); points outside China are the same in both. */
export function wgs84ToGcj02({ latitude, longitude }: LatLng): LatLng {
  const [lng, lat] = gcoord.transform([longitude, latitude], gcoord.WGS84, gcoord.GCJ02);
  return { latitude: lat, longitude: lng };
}

/** GCJ-02 (AMap) back to WGS-84. */
export function gcj02ToWgs84({ latitude, longitude }: LatLng): LatLng {
  const [lng, lat] = gcoord.transform([longitude, latitude], gcoord.GCJ02, gcoord.WGS84);
  return { latitude: lat, longitude: lng };
}

/** Great-circle distance in metres (the answer's own distance is used when AMap gives one). */
function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Our kind of place for AMap's type (`大类;中类;小类`) and name; AMap's most specific type otherwise. */
export function amapCategory(type: string, name: string): string {
  const text = `${type};${name}`;
  const rules: [RegExp, PlaceCategory][] = [
    [/换电/, '换电站'],
    [/充电/, '充电站'],
    [/洗车/, '洗车店'],
    [/轮胎/, '轮胎店'],
    [/美容|装饰|贴膜|车衣/, '汽车美容'],
    [/维修|售后|服务中心|4S|特约/i, '服务中心'],
  ];
  for (const [pattern, category] of rules) if (pattern.test(text)) return category;
  const parts = type.split(';').filter(Boolean);
  return parts.at(-1) ?? '';
}

/** AMap answers strings, or `[]` for a field it has no value for. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

type AmapPoi = Record<string, unknown>;
type AmapAnswer = { status?: unknown; info?: unknown; infocode?: unknown; count?: unknown; pois?: unknown };

/** One AMap POI as a Poi in WGS-84; null when it has no usable location. */
function toPoi(raw: AmapPoi, origin: LatLng): Poi | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text(raw.location));
  const id = text(raw.id);
  const name = text(raw.name);
  if (!match || !id || !name) return null;
  const position = gcj02ToWgs84({ latitude: Number(match[2]), longitude: Number(match[1]) });
  const given =
    typeof raw.distance === 'number' ? raw.distance : text(raw.distance) ? Number(raw.distance) : Number.NaN;
  const distance = Number.isFinite(given) && given >= 0 ? given : haversineMetres(origin, position);
  const type = text(raw.type);
  return {
    id,
    name,
    category: amapCategory(type, name),
    address: text(raw.address),
    city: text(raw.cityname) || text(raw.pname),
    district: text(raw.adname),
    latitude: round6(position.latitude),
    longitude: round6(position.longitude),
    distance: Math.round(distance),
  };
}

/**
 * AMap's place search around a point (Web Service v5 `place/around`). The point goes to
 * AMap in GCJ-02 and the places come back in WGS-84. No word: AMAP_CAR_TYPES nearest
 * first; a word: those matching it, AMap's relevance order. A refusal (status "0": bad
 * key or signature, quota used up…), an HTTP error, an answer that is not AMap's JSON or
 * a timeout is PLACES_UNAVAILABLE, with AMap's info and infocode in the log.
 */
export function createAmapPlaceSearch(options: AmapOptions): PlaceSearch {
  const amap = createAmapClient(options);

  return {
    kind: 'amap',
    async around(query: PlaceQuery): Promise<Poi[]> {
      const origin = { latitude: query.latitude, longitude: query.longitude };
      const center = wgs84ToGcj02(origin);
      const params: Record<string, string> = {
        // AMap takes at most six decimals, longitude first.
        location: `${center.longitude.toFixed(6)},${center.latitude.toFixed(6)}`,
        radius: String(Math.round(query.radius)),
        types: AMAP_CAR_TYPES,
        sortrule: query.word ? 'weight' : 'distance',
        page_size: String(query.size),
        page_num: String(query.page),
      };
      if (query.word) params.keywords = query.word;
      const answer = await amap.get<AmapAnswer>({
        path: '/v5/place/around',
        params,
        label: 'amap place search',
        context: { provider: 'amap', location: params.location, page: query.page },
        failure: 'PLACES_UNAVAILABLE',
        isComplete: (answer) => Array.isArray(answer.pois),
      });
      return (answer.pois as AmapPoi[]).flatMap((raw) => {
        const poi = typeof raw === 'object' && raw !== null ? toPoi(raw, origin) : null;
        return poi ? [poi] : [];
      });
    },
  };
}
