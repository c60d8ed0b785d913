// A local stand-in for AMap's Web Service place search (GET /v5/place/around) and reverse
// geocoding (GET /v3/geocode/regeo), for the adapters' tests and the places and geocode
// modules': it checks what AMap checks (key, signature, parameter ranges) and answers like
// AMap, from places and areas it holds in GCJ-02.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * WGS-84 → GCJ-02 by the published algorithm (Krasovsky 1940 ellipsoid), written apart
 * from the adapter on purpose: the fake places its POIs with it, so a mistake in the
 * adapter's conversion cannot hide behind the same mistake here.
 */
export function gcjFromWgs(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const a = 6_378_245;
  const ee = 0.006_693_421_622_965_943;
  const x = longitude - 105;
  const y = latitude - 35;
  const pi = Math.PI;
  let dLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  dLat += ((20 * Math.sin(6 * x * pi) + 20 * Math.sin(2 * x * pi)) * 2) / 3;
  dLat += ((20 * Math.sin(y * pi) + 40 * Math.sin((y / 3) * pi)) * 2) / 3;
  dLat += ((160 * Math.sin((y / 12) * pi) + 320 * Math.sin((y * pi) / 30)) * 2) / 3;
  let dLng = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  dLng += ((20 * Math.sin(6 * x * pi) + 20 * Math.sin(2 * x * pi)) * 2) / 3;
  dLng += ((20 * Math.sin(x * pi) + 40 * Math.sin((x / 3) * pi)) * 2) / 3;
  dLng += ((150 * Math.sin((x / 12) * pi) + 300 * Math.sin((x / 30) * pi)) * 2) / 3;
  const radLat = (latitude / 180) * pi;
  const magic = 1 - ee * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180) / (((a * (1 - ee)) / (magic * sqrtMagic)) * pi);
  dLng = (dLng * 180) / ((a / sqrtMagic) * Math.cos(radLat) * pi);
  return { latitude: latitude + dLat, longitude: longitude + dLng };
}

/** A POI as AMap stores and answers it (location "lng,lat" in GCJ-02). */
export type FakeAmapPoi = {
  id: string;
  name: string;
  type: string;
  typecode: string;
  location: string;
  address: string | [];
  pname: string;
  cityname: string;
  adname: string;
};

/**
 * An area reverse geocoding knows: a box in GCJ-02 degrees and the address AMap gives for
 * any point in it (`[]` where AMap has no value, as for a municipality's city).
 */
export type FakeAmapArea = {
  box: { south: number; west: number; north: number; east: number };
  formatted_address: string;
  province: string;
  city: string | [];
  district: string;
  township: string;
  adcode: string;
};

export type FakeAmapMode = 'ok' | 'over-limit' | 'http-500' | 'not-json' | 'hang';

function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** AMap's rule, written out: md5 of `k=v` pairs sorted by name and joined with `&`, then the private key. */
function expectedSig(params: URLSearchParams, secret: string): string {
  const names = [...params.keys()].filter((name) => name !== 'sig').sort();
  const joined = names.map((name) => `${name}=${params.get(name)}`).join('&');
  return createHash('md5')
    .update(joined + secret)
    .digest('hex');
}

/**
 * Starts the fake on a free local port. `key` is the only key it knows; with `secret` it
 * requires a matching `sig` on every call. `received` keeps the parameters of every call
 * it answered, whatever the answer, with the path in `_path`.
 */
export async function startFakeAmap(options: {
  key: string;
  secret?: string;
  pois?: FakeAmapPoi[];
  areas?: FakeAmapArea[];
}) {
  const received: Record<string, string>[] = [];
  const state = { mode: 'ok' as FakeAmapMode };

  /** GET /v3/geocode/regeo: the first area holding the point; AMap's empty address outside them all. */
  const regeo = (
    params: URLSearchParams,
    answer: (body: Record<string, unknown>) => void,
    refuse: (info: string, infocode: string) => void,
  ) => {
    const location = /^(-?\d{1,3}(?:\.\d{1,6})?),(-?\d{1,2}(?:\.\d{1,6})?)$/.exec(params.get('location') ?? '');
    if (!location) return refuse('INVALID_PARAMS', '20000');
    const [lng, lat] = [Number(location[1]), Number(location[2])];
    const area = (options.areas ?? []).find(
      ({ box }) => lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east,
    );
    // Abroad and at sea AMap still says OK, with every address field empty.
    const component = area
      ? {
          country: '中国',
          province: area.province,
          city: area.city,
          citycode: [],
          district: area.district,
          adcode: area.adcode,
          township: area.township,
          towncode: `${area.adcode}001000`,
          neighborhood: { name: [], type: [] },
          building: { name: [], type: [] },
          streetNumber: { street: [], number: [], direction: [], distance: [], location: [] },
          businessAreas: [[]],
        }
      : {
          country: [],
          province: [],
          city: [],
          citycode: [],
          district: [],
          adcode: [],
          township: [],
          towncode: [],
          neighborhood: { name: [], type: [] },
          building: { name: [], type: [] },
          streetNumber: { street: [], number: [], direction: [], distance: [], location: [] },
          businessAreas: [],
        };
    return answer({
      status: '1',
      info: 'OK',
      infocode: '10000',
      regeocode: { formatted_address: area ? area.formatted_address : [], addressComponent: component },
    });
  };

  const server: Server = createServer((req, res) => {
    const answer = (body: Record<string, unknown>, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const refuse = (info: string, infocode: string) => answer({ status: '0', info, infocode });
    if (state.mode === 'hang') return; // never answers
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || (url.pathname !== '/v5/place/around' && url.pathname !== '/v3/geocode/regeo')) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<html><body>404 Not Found</body></html>');
    }
    const params = url.searchParams;
    received.push({ _path: url.pathname, ...Object.fromEntries(params) });
    if (state.mode === 'http-500') return answer({ message: 'Internal Server Error' }, 500);
    if (state.mode === 'not-json') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><head><title>502 Bad Gateway</title></head></html>');
    }
    if (params.get('key') !== options.key) return refuse('INVALID_USER_KEY', '10001');
    if (options.secret && params.get('sig') !== expectedSig(params, options.secret)) {
      return refuse('INVALID_USER_SIGNATURE', '10007');
    }
    if (state.mode === 'over-limit') return refuse('DAILY_QUERY_OVER_LIMIT', '10003');
    if (url.pathname === '/v3/geocode/regeo') return regeo(params, answer, refuse);

    const location = /^(-?\d{1,3}\.\d{1,6}),(-?\d{1,2}\.\d{1,6})$/.exec(params.get('location') ?? '');
    const radius = Number(params.get('radius') ?? '5000');
    const pageSize = Number(params.get('page_size') ?? '10');
    const pageNum = Number(params.get('page_num') ?? '1');
    if (!location) return refuse('INVALID_PARAMS', '20000');
    if (!Number.isInteger(radius) || radius < 0 || radius > 50_000) return refuse('INVALID_PARAMS', '20000');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 25) return refuse('INVALID_PARAMS', '20000');
    if (!Number.isInteger(pageNum) || pageNum < 1 || pageNum > 100) return refuse('INVALID_PARAMS', '20000');

    const center: [number, number] = [Number(location[1]), Number(location[2])];
    const keywords = params.get('keywords') ?? '';
    // A big class (010000) includes everything under it: the first two digits decide.
    const classes = (params.get('types') ?? '').split('|').filter(Boolean);
    const found = (options.pois ?? [])
      .map((poi) => {
        const [lng, lat] = poi.location.split(',').map(Number) as [number, number];
        return { poi, distance: Math.round(metres(center, [lng, lat])) };
      })
      .filter(({ distance }) => distance <= radius)
      .filter(({ poi }) => classes.length === 0 || classes.some((c) => poi.typecode.startsWith(c.slice(0, 2))))
      .filter(({ poi }) => !keywords || `${poi.name}${poi.type}${poi.address}`.includes(keywords))
      .sort((a, b) => {
        if (params.get('sortrule') === 'weight') {
          const named = Number(b.poi.name.includes(keywords)) - Number(a.poi.name.includes(keywords));
          if (named !== 0) return named;
        }
        return a.distance - b.distance;
      });
    const page = found.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    return answer({
      status: '1',
      info: 'OK',
      infocode: '10000',
      count: String(page.length),
      pois: page.map(({ poi, distance }) => ({ ...poi, distance: String(distance) })),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiBase,
    received,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A POI of the fake at the GCJ-02 position of a WGS-84 point. */
export function fakePoi(
  fields: Omit<FakeAmapPoi, 'location'>,
  wgs: { latitude: number; longitude: number },
): FakeAmapPoi {
  const gcj = gcjFromWgs(wgs.latitude, wgs.longitude);
  return { ...fields, location: `${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}` };
}
