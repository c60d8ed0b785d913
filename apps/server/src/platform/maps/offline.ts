// The offline reverse geocoder (MAPS_PROVIDER=local, the default): the district or county
// whose outline holds the point, from a table of China's 3,253 districts and counties
// bundled with the server (offline/china-districts.txt, built by scripts/geodata/
// build-china-districts.ts; docs/decisions/0018-geocoding.md). No network at run time.
import { readFileSync } from 'node:fs';
import { AppError, type GeocodeResult } from '@evcircle/contract';
import { geocodeResult } from './address.ts';
import { wgs84ToGcj02 } from './amap.ts';
import type { LatLng, ReverseGeocoder } from './types.ts';

const DATA_FILE = new URL('./offline/china-districts.txt', import.meta.url);
/** The table's grid: coordinates are whole 1/1024ths of a degree (GCJ-02). */
const GRID = 1024;
/**
 * How far outside every outline a point may be and still get the nearest district: the
 * outlines are simplified to about 200 m, so a beach, a pier or a riverbank can fall just
 * outside them. Farther than this (abroad, at sea) is GEOCODE_NOT_FOUND.
 */
export const OFFLINE_NEAR_KM = 2;
const KM_PER_DEGREE_LAT = 110.57;

type District = {
  province: string;
  city: string;
  name: string;
  /** Outer rings, `x0, y0, x1, y1, …` in grid units (GCJ-02), closed or not. */
  rings: Int32Array[];
  /** Bounding box in grid units: minX, minY, maxX, maxY. */
  box: [number, number, number, number];
};

export type DistrictTable = {
  districts: District[];
  /** 1° cells (key `lngCell * 1000 + latCell`, both offset to stay positive) → districts whose box meets them. */
  cells: Map<number, number[]>;
};

const cellKey = (lngCell: number, latCell: number) => (lngCell + 360) * 1000 + (latCell + 180);

/** A ring as the table packs it: `x,y:` then two characters a step, zigzag + 64 (see the file's header). */
function decodeRing(text: string): Int32Array {
  const colon = text.indexOf(':');
  const [x0, y0] = text.slice(0, colon).split(',').map(Number) as [number, number];
  const steps = (text.length - colon - 1) / 2;
  const ring = new Int32Array(2 + steps * 2);
  let x = x0;
  let y = y0;
  ring[0] = x;
  ring[1] = y;
  for (let i = 0; i < steps; i++) {
    const cx = text.charCodeAt(colon + 1 + i * 2) - 64;
    const cy = text.charCodeAt(colon + 2 + i * 2) - 64;
    x += (cx >> 1) ^ -(cx & 1);
    y += (cy >> 1) ^ -(cy & 1);
    ring[2 + i * 2] = x;
    ring[3 + i * 2] = y;
  }
  return ring;
}

/** Reads the table's text (one district a line; '#' lines are its header). */
export function parseDistrictTable(text: string): DistrictTable {
  const districts: District[] = [];
  const cells = new Map<number, number[]>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [, province = '', city = '', name = '', , outlines = ''] = line.split('\t');
    const rings = outlines.split(' ').filter(Boolean).map(decodeRing);
    if (!name || rings.length === 0) continue;
    const box: District['box'] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i += 2) {
        const x = ring[i] as number;
        const y = ring[i + 1] as number;
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x > box[2]) box[2] = x;
        if (y > box[3]) box[3] = y;
      }
    }
    const index = districts.push({ province, city, name, rings, box }) - 1;
    for (let lng = Math.floor(box[0] / GRID); lng <= Math.floor(box[2] / GRID); lng++) {
      for (let lat = Math.floor(box[1] / GRID); lat <= Math.floor(box[3] / GRID); lat++) {
        const key = cellKey(lng, lat);
        const list = cells.get(key);
        if (list) list.push(index);
        else cells.set(key, [index]);
      }
    }
  }
  return { districts, cells };
}

/** Even–odd ray casting: is (x, y) inside the ring? */
function ringContains(ring: Int32Array, x: number, y: number): boolean {
  let inside = false;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[i * 2] as number;
    const yi = ring[i * 2 + 1] as number;
    const xj = ring[j * 2] as number;
    const yj = ring[j * 2 + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance in km from (x, y) to the nearest edge of the ring (grid units in, locally flat). */
function ringDistanceKm(ring: Int32Array, x: number, y: number, kmPerUnitX: number, kmPerUnitY: number): number {
  let best = Infinity;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = ((ring[j * 2] as number) - x) * kmPerUnitX;
    const ay = ((ring[j * 2 + 1] as number) - y) * kmPerUnitY;
    const bx = ((ring[i * 2] as number) - x) * kmPerUnitX;
    const by = ((ring[i * 2 + 1] as number) - y) * kmPerUnitY;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
    const d = Math.hypot(ax + t * dx, ay + t * dy);
    if (d < best) best = d;
  }
  return best;
}

/**
 * The district holding a GCJ-02 point, or the nearest one within OFFLINE_NEAR_KM of it;
 * null when there is none.
 */
export function findDistrict(table: DistrictTable, point: LatLng): District | null {
  const x = point.longitude * GRID;
  const y = point.latitude * GRID;
  const lngCell = Math.floor(point.longitude);
  const latCell = Math.floor(point.latitude);
  for (const index of table.cells.get(cellKey(lngCell, latCell)) ?? []) {
    const district = table.districts[index] as District;
    const [minX, minY, maxX, maxY] = district.box;
    if (x < minX || x > maxX || y < minY || y > maxY) continue;
    if (district.rings.some((ring) => ringContains(ring, x, y))) return district;
  }
  // Not inside any outline: the nearest edge within OFFLINE_NEAR_KM, in the cell and the
  // eight around it (the point may sit at a cell's edge; 2 km is far less than a cell).
  const kmPerUnitY = KM_PER_DEGREE_LAT / GRID;
  const kmPerUnitX = (111.32 * Math.cos((point.latitude * Math.PI) / 180)) / GRID;
  const margin = 1;
  let best: District | null = null;
  let bestKm = OFFLINE_NEAR_KM;
  const seen = new Set<number>();
  for (let dl = -margin; dl <= margin; dl++) {
    for (let dt = -margin; dt <= margin; dt++) {
      for (const index of table.cells.get(cellKey(lngCell + dl, latCell + dt)) ?? []) {
        if (seen.has(index)) continue;
        seen.add(index);
        const district = table.districts[index] as District;
        const [minX, minY, maxX, maxY] = district.box;
        const outsideX = Math.max(minX - x, 0, x - maxX) * kmPerUnitX;
        const outsideY = Math.max(minY - y, 0, y - maxY) * kmPerUnitY;
        if (Math.hypot(outsideX, outsideY) > bestKm) continue;
        for (const ring of district.rings) {
          const km = ringDistanceKm(ring, x, y, kmPerUnitX, kmPerUnitY);
          if (km <= bestKm) {
            bestKm = km;
            best = district;
          }
        }
      }
    }
  }
  return best;
}

let loaded: DistrictTable | null = null;

/** The bundled table, read and indexed once per process (about 1.7 MB of text, a few tens of ms). */
export function bundledDistrictTable(): DistrictTable {
  loaded ??= parseDistrictTable(readFileSync(DATA_FILE, 'utf8'));
  return loaded;
}

/**
 * The offline reverse geocoder. The point (WGS-84) is moved to GCJ-02, the table's datum,
 * before it is looked up; the answer names province, city and district (street is '':
 * the table stops at districts) and repeats the WGS-84 point asked.
 */
export function createOfflineGeocoder(table: () => DistrictTable = bundledDistrictTable): ReverseGeocoder {
  return {
    kind: 'offline',
    async reverse(point: LatLng): Promise<GeocodeResult> {
      const district = findDistrict(table(), wgs84ToGcj02(point));
      if (!district) throw new AppError('GEOCODE_NOT_FOUND');
      return geocodeResult(
        { province: district.province, city: district.city, district: district.name, street: '' },
        point,
      );
    },
  };
}
