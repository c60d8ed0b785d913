import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appFailure } from '../../../test/api-failure.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type AmapOverrides, expectSentInGcj02, KEY, SECRET, useFakeAmaps } from './amap.test-helper.ts';
import { AMAP_CAR_TYPES, createAmapPlaceSearch } from './amap.ts';
import { amapSignature } from './amap-request.ts';
import { fakePoi } from './fake-amap.test-helper.ts';
import { createPlaceSearch } from './index.ts';
import type { PlaceQuery, PlaceSearch } from './types.ts';

/** 人民广场, Shanghai, as a phone reports it (WGS-84). */
const HERE = { latitude: 31.230416, longitude: 121.473701 };

/** The WGS-84 point `north` and `east` metres from HERE. */
function offset(north: number, east: number) {
  return {
    latitude: HERE.latitude + north / 111_320,
    longitude: HERE.longitude + east / (111_320 * Math.cos((HERE.latitude * Math.PI) / 180)),
  };
}

const CITY = { pname: '上海市', cityname: '上海市', adname: '黄浦区' };
const PLACES = {
  charger: offset(300, 0),
  tyres: offset(0, 800),
  wash: offset(-1500, 0),
  hotel: offset(0, -200),
};
const POIS = [
  fakePoi(
    {
      id: 'B0FFHCHARGE',
      name: '特斯拉超级充电站(来福士广场)',
      type: '汽车服务;充电站;充电站',
      typecode: '011100',
      address: '西藏中路268号来福士广场B2',
      ...CITY,
    },
    PLACES.charger,
  ),
  fakePoi(
    {
      id: 'B0FFHTYRES',
      name: '途虎养车工场店(人民广场店)',
      type: '汽车维修;汽车综合维修;汽车综合维修',
      typecode: '030100',
      // AMap answers an empty array for a field it has no value for.
      address: [],
      ...CITY,
    },
    PLACES.tyres,
  ),
  fakePoi(
    {
      id: 'B0FFHWASH',
      name: '车之美洗车',
      type: '汽车服务;洗车场;洗车场',
      typecode: '010500',
      address: '延安东路100号',
      ...CITY,
    },
    PLACES.wash,
  ),
  // Not a car place: left out by the types asked for.
  fakePoi(
    {
      id: 'B0FFHHOTEL',
      name: '外滩酒店',
      type: '住宿服务;宾馆酒店;宾馆酒店',
      typecode: '100100',
      address: '',
      ...CITY,
    },
    PLACES.hotel,
  ),
];

const fakes = useFakeAmaps({ pois: POIS });
const { logs } = fakes;

function amap(overrides: AmapOverrides = {}): PlaceSearch {
  return createAmapPlaceSearch(fakes.options(overrides));
}

const query = (extra: Partial<PlaceQuery> = {}): PlaceQuery => ({
  ...HERE,
  word: '',
  radius: 10_000,
  page: 1,
  size: 20,
  ...extra,
});

describe('amap place search adapter', () => {
  it('signs as AMap documents: md5 of the sorted k=v pairs joined by &, then the private key', () => {
    const params = { location: '121.478224,31.228474', key: KEY, keywords: '充电站', page_num: '1' };
    const expected = createHash('md5')
      .update(`key=${KEY}&keywords=充电站&location=121.478224,31.228474&page_num=1${SECRET}`)
      .digest('hex');
    expect(amapSignature(params, SECRET)).toBe(expected);
    expect(amapSignature(params, SECRET)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks around the point in GCJ-02, for car places within the radius, nearest first', async () => {
    await amap().around(query());
    expect(fakes.plain.received).toHaveLength(1);
    const sent = fakes.plain.received[0] as Record<string, string>;
    expect(sent).toMatchObject({
      key: KEY,
      radius: '10000',
      types: AMAP_CAR_TYPES,
      sortrule: 'distance',
      page_size: '20',
      page_num: '1',
    });
    expect(sent.keywords).toBeUndefined();
    expect(sent.sig).toBeUndefined();
    expectSentInGcj02(sent, HERE);
  });

  it('answers the places in WGS-84 with their kind, city, district and AMap’s distance', async () => {
    const found = await amap().around(query());
    expect(found.map((poi) => poi.id)).toEqual(['B0FFHCHARGE', 'B0FFHTYRES', 'B0FFHWASH']);
    const [charger, tyres, wash] = found;
    expect(charger).toMatchObject({
      name: '特斯拉超级充电站(来福士广场)',
      category: '充电站',
      address: '西藏中路268号来福士广场B2',
      city: '上海市',
      district: '黄浦区',
    });
    expect(tyres).toMatchObject({ category: '服务中心', address: '' });
    expect(wash?.category).toBe('洗车店');
    const planned = [PLACES.charger, PLACES.tyres, PLACES.wash];
    found.forEach((poi, i) => {
      // Back where the place is on a GPS map, to within a few centimetres.
      expect(Math.abs(poi.latitude - (planned[i]?.latitude as number))).toBeLessThan(2e-6);
      expect(Math.abs(poi.longitude - (planned[i]?.longitude as number))).toBeLessThan(2e-6);
    });
    expect(found.map((poi) => poi.distance)).toEqual([
      expect.closeTo(300, -1),
      expect.closeTo(800, -1),
      expect.closeTo(1500, -1),
    ]);
  });

  it('sends a word as keywords, in AMap’s relevance order', async () => {
    const found = await amap().around(query({ word: '充电站' }));
    expect(fakes.plain.received[0]).toMatchObject({ keywords: '充电站', sortrule: 'weight' });
    expect(found.map((poi) => poi.id)).toEqual(['B0FFHCHARGE']);
  });

  it('pages as AMap does', async () => {
    const found = await amap().around(query({ size: 2, page: 2 }));
    expect(fakes.plain.received[0]).toMatchObject({ page_size: '2', page_num: '2' });
    expect(found.map((poi) => poi.id)).toEqual(['B0FFHWASH']);
  });

  it('signs every call when a private key is set, and AMap accepts it', async () => {
    const found = await amap({ apiBase: fakes.signed.apiBase, secret: SECRET }).around(query({ word: '洗车' }));
    expect(found.map((poi) => poi.id)).toEqual(['B0FFHWASH']);
    expect(fakes.signed.received[0]?.sig).toMatch(/^[0-9a-f]{32}$/);
  });

  it('fails when AMap rejects the signature, naming AMap’s infocode in the log', async () => {
    const error = await appFailure(amap({ apiBase: fakes.signed.apiBase, secret: 'not-the-key' }).around(query()));
    expect(error.code).toBe('PLACES_UNAVAILABLE');
    expect(error.status).toBe(5003);
    expect(logs.some((l) => l.level === 'error' && l.fields.infocode === '10007')).toBe(true);
  });

  it('fails on an unknown key', async () => {
    const error = await appFailure(amap({ key: 'someone-else' }).around(query()));
    expect(error.code).toBe('PLACES_UNAVAILABLE');
    expect(logs.some((l) => l.fields.info === 'INVALID_USER_KEY')).toBe(true);
  });

  it('fails, and answers no empty list, when the day’s quota is used up', async () => {
    fakes.plain.state.mode = 'over-limit';
    const error = await appFailure(amap().around(query()));
    expect(error.code).toBe('PLACES_UNAVAILABLE');
    expect(logs.some((l) => l.fields.infocode === '10003')).toBe(true);
  });

  it('fails on HTTP 500 and on an answer that is not AMap’s JSON', async () => {
    fakes.plain.state.mode = 'http-500';
    expect((await appFailure(amap().around(query()))).code).toBe('PLACES_UNAVAILABLE');
    expect(logs.some((l) => l.fields.httpStatus === 500)).toBe(true);
    fakes.plain.state.mode = 'not-json';
    expect((await appFailure(amap().around(query()))).code).toBe('PLACES_UNAVAILABLE');
    expect(logs.some((l) => l.fields.httpStatus === 502 && String(l.fields.body).includes('Bad Gateway'))).toBe(true);
  });

  it('fails when AMap does not answer in time', async () => {
    fakes.plain.state.mode = 'hang';
    const started = Date.now();
    expect((await appFailure(amap({ timeoutMs: 300 }).around(query()))).code).toBe('PLACES_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails when nothing listens at the address', async () => {
    expect((await appFailure(amap({ apiBase: 'http://127.0.0.1:9' }).around(query()))).code).toBe('PLACES_UNAVAILABLE');
  });

  it('leaves out a place without a usable location, and reads numeric or missing fields', async () => {
    const body = {
      status: '1',
      info: 'OK',
      infocode: '10000',
      count: '3',
      pois: [
        { id: 'NOLOC', name: '无坐标充电站', location: '', type: '汽车服务;充电站;充电站' },
        {
          id: 'NUMERIC',
          name: '小桔充电(外滩)',
          location: '121.478224,31.228474',
          type: '汽车服务;充电站;充电站',
          distance: 12,
        },
        { id: 'BARE', name: '某汽修', location: '121.478224,31.238474', type: '汽车维修;汽车综合维修' },
      ],
    };
    const search = createAmapPlaceSearch({
      key: KEY,
      apiBase: 'http://amap.invalid',
      log: fakes.log(),
      fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
    });
    const found = await search.around(query());
    expect(found.map((poi) => poi.id)).toEqual(['NUMERIC', 'BARE']);
    expect(found[0]).toMatchObject({ distance: 12, address: '', city: '', district: '' });
    // No distance given: measured from the point (the place is about 1.1 km north of it).
    expect(found[1]?.distance).toBeGreaterThan(1_000);
    expect(found[1]?.distance).toBeLessThan(1_200);
  });
});

describe('maps configuration', () => {
  const local: PlaceSearch = { kind: 'local', around: async () => [] };

  it('uses the local directory by default', () => {
    const config = loadConfig({});
    expect(config.MAPS_PROVIDER).toBe('local');
    expect(config.AMAP_API_BASE).toBe('https://restapi.amap.com');
    expect(createPlaceSearch(config, local, fakes.log())).toBe(local);
  });

  it('refuses to start with MAPS_PROVIDER=amap and no key, naming it with every other bad variable', () => {
    const error = (() => {
      try {
        loadConfig({ MAPS_PROVIDER: 'amap', PORT: 'not-a-port' });
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).issues.map((i) => i.variable);
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'AMAP_KEY']));
    expect((error as ConfigError).message).toContain('must be set when MAPS_PROVIDER=amap');
    expect(() => loadConfig({ MAPS_PROVIDER: 'amap' })).toThrow(/AMAP_KEY/);
    expect(() => loadConfig({ MAPS_PROVIDER: 'baidu' })).toThrow(/MAPS_PROVIDER/);
  });

  it('builds the AMap search from complete configuration', () => {
    const config = loadConfig({ MAPS_PROVIDER: 'amap', AMAP_KEY: KEY, AMAP_API_BASE: 'http://127.0.0.1:8080/' });
    expect(config.AMAP_API_BASE).toBe('http://127.0.0.1:8080');
    expect(createPlaceSearch(config, local, fakes.log()).kind).toBe('amap');
  });
});
