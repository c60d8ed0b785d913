// Places near a point through the API (POST /pub/nearbyAds): the local directory searched
// by distance and by word (Chinese words, pinyin, initials), paging and its limits, and the
// same endpoint answered by AMap (a local fake of its protocol) with MAPS_PROVIDER=amap.
import { type ApiClient, createApiClient, nearbyPlaces, type Poi, STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedUrl } from '../../../test/signed.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { fakePoi, startFakeAmap } from '../../platform/maps/fake-amap.test-helper.ts';
import { insertPois, type PoiInput } from './places.service.ts';
import { pois } from './places.tables.ts';

/** 人民广场, Shanghai (WGS-84). */
const HERE = { latitude: 31.230416, longitude: 121.473701 };
/** 天府广场, Chengdu: thirty car washes in a row, for page sizes. */
const CHENGDU = { latitude: 30.572815, longitude: 104.066801 };

/** The WGS-84 point `north` and `east` metres from `from`. */
function offset(north: number, east: number, from = HERE) {
  return {
    latitude: from.latitude + north / 111_320,
    longitude: from.longitude + east / (111_320 * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

type Fixture = PoiInput & { planned: number };
function place(
  name: string,
  category: string,
  address: string,
  district: string,
  [north, east]: [number, number],
): Fixture {
  return {
    name,
    category,
    address,
    city: '上海市',
    district,
    ...offset(north, east),
    planned: Math.hypot(north, east),
  };
}

// Within 10 km, nearest first: I, E, B, A, C, D, F.
const FIXTURES = {
  // 充电 only in its kind (星星快充 has 快充, not 充电).
  I: place('星星快充（福州路）', '充电站', '福州路 318 号', '黄浦区', [50, 0]),
  // 充电 only in its address.
  E: place('车之美洗车（福州路）', '洗车店', '福州路 300 号（充电站旁）', '黄浦区', [0, 100]),
  B: place('国家电网充电站（人民广场）', '充电站', '人民大道 200 号地下车库', '黄浦区', [0, 200]),
  A: place('特斯拉超级充电站（来福士广场）', '充电站', '西藏中路 268 号来福士广场 B2', '黄浦区', [500, 0]),
  C: place('蔚来换电站（新天地）', '换电站', '马当路 245 号', '黄浦区', [-1500, 0]),
  D: place('途虎养车工场店（延安中路）', '轮胎店', '延安中路 800 号', '静安区', [0, -3000]),
  F: place('特斯拉服务中心（金桥）', '服务中心', '金桥路 1000 号', '浦东新区', [0, 9000]),
  // Beyond 10 km.
  G: place('特斯拉超级充电站（虹桥天地）', '充电站', '申长路 688 号', '闵行区', [0, -12_000]),
  // Inside the 10 km box (9.5 km north and east) but 13.4 km away: outside the circle.
  H: place('理想汽车服务中心（五角场）', '服务中心', '淞沪路 77 号', '杨浦区', [9_500, 9_500]),
  BEIJING: {
    ...place('特斯拉超级充电站（国贸）', '充电站', '建国门外大街 1 号', '朝阳区', [0, 0]),
    city: '北京市',
    latitude: 39.908,
    longitude: 116.459,
  },
} satisfies Record<string, Fixture>;
type Name = keyof typeof FIXTURES;

let t: TestApp;
const ids = new Map<string, Name>();
let addressCounter = 0;

/** A client at an address of its own: the endpoint's per-address limit counts each test apart. */
function client(app: TestApp = t): ApiClient {
  addressCounter += 1;
  return createApiClient({
    baseUrl: '',
    signSecret: app.config.API_SIGN_SECRET,
    fetch: createInjectFetch(
      app.app,
      {},
      { remoteAddress: `10.14.${Math.floor(addressCounter / 250)}.${addressCounter % 250}` },
    ),
  });
}

type Body = Record<string, unknown>;
const at = (point: { latitude: number; longitude: number }, extra: Body = {}): Body => ({
  latitude: point.latitude,
  longitude: point.longitude,
  ...extra,
});

async function nearby(body: Body, api: ApiClient = client()): Promise<Poi[]> {
  return ((await api.request('POST', nearbyPlaces.path, body)) as { pois: Poi[] }).pois;
}

async function names(body: Body): Promise<string[]> {
  return (await nearby(body)).map((poi) => ids.get(poi.id) ?? poi.name);
}

beforeAll(async () => {
  t = await buildTestApp();
  const entries = Object.entries(FIXTURES) as [Name, Fixture][];
  await insertPois(
    t.app.db,
    entries.map(([, fixture]) => fixture),
  );
  for (const row of await t.app.db.select({ id: pois.id, name: pois.name }).from(pois)) {
    const entry = entries.find(([, fixture]) => fixture.name === row.name);
    if (entry) ids.set(String(row.id), entry[0]);
  }
  await insertPois(
    t.app.db,
    Array.from({ length: 30 }, (_, i) => ({
      name: `快洗车站 ${i + 1} 号`,
      category: '洗车店',
      address: `天府大道 ${i + 1} 号`,
      city: '成都市',
      district: '锦江区',
      ...offset(i * 100, 0, CHENGDU),
    })),
  );
});
afterAll(() => t.close());

describe('POST /pub/nearbyAds, without a word', () => {
  it('answers every kind of place within 10 km, nearest first', async () => {
    expect(await names(at(HERE))).toEqual(['I', 'E', 'B', 'A', 'C', 'D', 'F']);
  });

  it('leaves out places beyond the radius, even inside its bounding box', async () => {
    const found = await names(at(HERE));
    expect(found).not.toContain('G');
    expect(found).not.toContain('H');
    // From 五角场 itself, H is the nearest place there is.
    expect((await names(at(FIXTURES.H)))[0]).toBe('H');
  });

  it('answers each place with its fields and its distance in metres', async () => {
    const found = await nearby(at(HERE));
    for (const poi of found) {
      const fixture = FIXTURES[ids.get(poi.id) as Name];
      expect(poi).toEqual({
        id: expect.stringMatching(/^\d+$/),
        name: fixture.name,
        category: fixture.category,
        address: fixture.address,
        city: '上海市',
        district: fixture.district,
        latitude: fixture.latitude,
        longitude: fixture.longitude,
        distance: expect.any(Number),
      });
      expect(Number.isInteger(poi.distance)).toBe(true);
      expect(Math.abs(poi.distance - fixture.planned)).toBeLessThanOrEqual(Math.max(2, fixture.planned * 0.005));
    }
  });

  it('pages with idx from 1 and size', async () => {
    expect(await names(at(HERE, { size: 3, idx: 1 }))).toEqual(['I', 'E', 'B']);
    expect(await names(at(HERE, { size: 3, idx: 2 }))).toEqual(['A', 'C', 'D']);
    expect(await names(at(HERE, { size: 3, idx: 3 }))).toEqual(['F']);
    expect(await names(at(HERE, { size: 3, idx: 4 }))).toEqual([]);
  });

  it('answers 20 places a page by default and at most 25', async () => {
    expect(await nearby(at(CHENGDU))).toHaveLength(20);
    expect(await nearby(at(CHENGDU, { size: 1000 }))).toHaveLength(25);
    const second = await nearby(at(CHENGDU, { size: 1000, idx: 2 }));
    expect(second.map((poi) => poi.name)).toEqual([
      '快洗车站 26 号',
      '快洗车站 27 号',
      '快洗车站 28 号',
      '快洗车站 29 号',
      '快洗车站 30 号',
    ]);
  });

  it('answers an empty list far from every place, and at the poles and the date line', async () => {
    expect(await nearby(at({ latitude: 0, longitude: 0 }))).toEqual([]);
    expect(await nearby(at({ latitude: 90, longitude: 180 }))).toEqual([]);
    expect(await nearby(at({ latitude: -90, longitude: -180 }))).toEqual([]);
  });

  it('takes a subnormal coordinate (5e-324) as 0 rather than failing in the distance query', async () => {
    // Found by the contract fuzzing (issue 22): PostgreSQL answered "value out of range: underflow".
    expect(await nearby(at({ latitude: 5e-324, longitude: -180 }))).toEqual([]);
    expect(await nearby(at({ latitude: -5e-324, longitude: 5e-324 }))).toEqual([]);
  });
});

describe('POST /pub/nearbyAds, with a word', () => {
  it.each([
    // Name matches first (B, A), then the kind (I), then the address (E), each nearest first.
    ['充电', ['B', 'A', 'I', 'E']],
    ['洗车', ['E']],
    ['换电', ['C']],
    ['特斯拉', ['A', 'F']],
    ['tesila', ['A', 'F']],
    ['tsl', ['A', 'F']],
    ['TSL', ['A', 'F']],
    ['静安', ['D']],
    ['福州路', ['I', 'E']],
    ['轮胎', ['D']],
    ['特斯拉 服务', ['F']],
    ['加油', []],
  ])('%s finds %j', async (word, expected) => {
    expect(await names(at(HERE, { word }))).toEqual(expected);
  });

  it('reads a word with search syntax in it as the words it holds', async () => {
    expect(await names(at(HERE, { word: "充电 & | !:* '" }))).toEqual(['B', 'A', 'I', 'E']);
  });

  it('finds nothing for a word with nothing searchable in it', async () => {
    expect(await names(at(HERE, { word: '！！…' }))).toEqual([]);
  });

  it('takes a word of spaces as no word', async () => {
    expect(await names(at(HERE, { word: '   ' }))).toEqual(['I', 'E', 'B', 'A', 'C', 'D', 'F']);
  });

  it('pages the matches', async () => {
    expect(await names(at(HERE, { word: '充电', size: 2, idx: 2 }))).toEqual(['I', 'E']);
  });
});

describe('POST /pub/nearbyAds refuses', () => {
  it.each([
    [{ longitude: '121.47' }, 'latitude 请提供纬度'],
    [{ latitude: '', longitude: '121.47' }, 'latitude 请提供纬度'],
    [{ latitude: '31.23' }, 'longitude 请提供经度'],
    [{ latitude: '北纬31度', longitude: '121.47' }, 'latitude 纬度须为数字'],
    [{ latitude: 'Infinity', longitude: '121.47' }, 'latitude 纬度须为数字'],
    [{ latitude: '90.0001', longitude: '121.47' }, 'latitude 纬度须在 -90 到 90 之间'],
    [{ latitude: '-91', longitude: '121.47' }, 'latitude 纬度须在 -90 到 90 之间'],
    [{ latitude: '31.23', longitude: '180.5' }, 'longitude 经度须在 -180 到 180 之间'],
    [{ latitude: '31.23', longitude: '-181' }, 'longitude 经度须在 -180 到 180 之间'],
    [{ latitude: '31.23', longitude: '121.47', size: '0' }, 'size 须为不小于 1 的整数'],
    [{ latitude: '31.23', longitude: '121.47', size: '2.5' }, 'size 须为整数'],
    [{ latitude: '31.23', longitude: '121.47', idx: '0' }, 'idx 须为不小于 1 的整数'],
    [{ latitude: '31.23', longitude: '121.47', idx: '101' }, 'idx 不能超过 100'],
    [{ latitude: '31.23', longitude: '121.47', word: '充'.repeat(61) }, 'word 关键词不能超过 60 个字'],
  ])('%j with the validation status (%s)', async (body, detail) => {
    const error = await apiFailure(client().request('POST', nearbyPlaces.path, body));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    expect(error.httpStatus).toBe(200);
    expect(error.message).toBe(`参数错误：${detail}`);
  });

  it.each([
    [{ latitude: { north: 31 }, longitude: 121.47 }, 'latitude 纬度须为数字'],
    [{ latitude: [31.23], longitude: 121.47 }, 'latitude 纬度须为数字'],
    [{ latitude: true, longitude: 121.47 }, 'latitude 纬度须为数字'],
    [{ latitude: null, longitude: 121.47 }, 'latitude 请提供纬度'],
    [{ latitude: 31.23, longitude: 121.47, word: 12 }, 'word 关键词须为文本'],
    [{ latitude: 31.23, longitude: 121.47, size: { n: 5 } }, 'size 须为数字'],
  ])('JSON that is not text, %j, with the validation status', async (body, detail) => {
    const url = signedUrl(nearbyPlaces.path, t.config.API_SIGN_SECRET, {
      body: body as unknown as Record<string, string>,
    });
    addressCounter += 1;
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress: `10.15.0.${addressCounter % 250}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: `参数错误：${detail}` });
  });

  it('takes numbers as numbers, as a JSON client may send them', async () => {
    const body = { latitude: HERE.latitude, longitude: HERE.longitude, size: 2 };
    const url = signedUrl(nearbyPlaces.path, t.config.API_SIGN_SECRET, {
      body: body as unknown as Record<string, string>,
    });
    const res = await t.app.inject({ method: 'POST', url, payload: body, remoteAddress: '10.15.1.1' });
    expect(res.json().status).toBe(STATUS.SUCCESS);
    expect(res.json().data.pois).toHaveLength(2);
  });

  it('a 61st call from one address within a minute', async () => {
    const api = client();
    for (let i = 0; i < 60; i++) await nearby(at(HERE, { size: 1 }), api);
    const error = await apiFailure(nearby(at(HERE, { size: 1 }), api));
    expect(error.status).toBe(STATUS.RATE_LIMITED);
    // Another address is not held back.
    expect(await nearby(at(HERE, { size: 1 }))).toHaveLength(1);
  });
});

describe('POST /pub/nearbyAds with MAPS_PROVIDER=amap', () => {
  let amapApp: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeAmap>>;

  beforeAll(async () => {
    fake = await startFakeAmap({
      key: 'amap-key',
      secret: 'amap-secret',
      pois: [
        fakePoi(
          {
            id: 'B0FFGAMAP1',
            name: '小鹏超快充站(人民广场)',
            type: '汽车服务;充电站;充电站',
            typecode: '011100',
            address: '人民大道 120 号',
            pname: '上海市',
            cityname: '上海市',
            adname: '黄浦区',
          },
          offset(0, 400),
        ),
      ],
    });
    amapApp = await buildTestApp({
      MAPS_PROVIDER: 'amap',
      AMAP_KEY: 'amap-key',
      AMAP_SECRET: 'amap-secret',
      AMAP_API_BASE: fake.apiBase,
    });
  });
  afterAll(async () => {
    await amapApp.close();
    await fake.close();
  });

  it('answers the places AMap finds, not the local directory', async () => {
    await insertPois(amapApp.app.db, [FIXTURES.A]);
    const found = await nearby(at(HERE, { word: '充电' }), client(amapApp));
    expect(found).toEqual([
      {
        id: 'B0FFGAMAP1',
        name: '小鹏超快充站(人民广场)',
        category: '充电站',
        address: '人民大道 120 号',
        city: '上海市',
        district: '黄浦区',
        latitude: expect.closeTo(offset(0, 400).latitude, 5),
        longitude: expect.closeTo(offset(0, 400).longitude, 5),
        distance: expect.closeTo(400, -1),
      },
    ]);
    expect(fake.received.at(-1)).toMatchObject({ keywords: '充电', radius: '10000', page_size: '20', page_num: '1' });
  });

  it('answers PLACES_UNAVAILABLE, not a server error and not an empty list, when AMap refuses', async () => {
    fake.state.mode = 'over-limit';
    try {
      const error = await apiFailure(nearby(at(HERE), client(amapApp)));
      expect(error.status).toBe(STATUS.UNAVAILABLE);
      expect(error.httpStatus).toBe(200);
      expect(error.message).toBe('附近地点暂时无法获取，请稍后再试');
    } finally {
      fake.state.mode = 'ok';
    }
  });
});
