// AMap's reverse geocoding adapter against the local fake of its protocol: the point sent
// in GCJ-02, the answer read into the contract's shape with the WGS-84 point asked, and
// every failure (refusal, HTTP error, not JSON, timeout, nobody listening) an unavailable
// status, never a made-up address.
import type { GeocodeResult } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { appFailure } from '../../../test/api-failure.ts';
import { loadConfig } from '../config.ts';
import { type AmapOverrides, expectSentInGcj02, KEY, SECRET, useFakeAmaps } from './amap.test-helper.ts';
import { createAmapReverseGeocoder } from './amap-regeo.ts';
import { type FakeAmapArea, gcjFromWgs } from './fake-amap.test-helper.ts';
import { createReverseGeocoder } from './index.ts';
import type { ReverseGeocoder } from './types.ts';

/** 人民广场, Shanghai, as a phone reports it (WGS-84). */
const SHANGHAI = { latitude: 31.230416, longitude: 121.473701 };
/** 安吉县 town centre (递铺街道), Zhejiang. */
const ANJI = { latitude: 30.6383, longitude: 119.6818 };
/** 济源市: a county-level city under Henan directly (AMap answers no city for it). */
const JIYUAN = { latitude: 35.0672, longitude: 112.6021 };

/**
 * An area of the fake 110 m around the GCJ-02 position of a WGS-84 point: GCJ-02 is
 * several hundred metres off GPS here, so only a point converted before it is sent falls
 * inside.
 */
function areaAround(point: { latitude: number; longitude: number }, fields: Omit<FakeAmapArea, 'box'>): FakeAmapArea {
  const gcj = gcjFromWgs(point.latitude, point.longitude);
  const d = 0.001;
  return {
    box: { south: gcj.latitude - d, north: gcj.latitude + d, west: gcj.longitude - d, east: gcj.longitude + d },
    ...fields,
  };
}

const AREAS = [
  areaAround(SHANGHAI, {
    formatted_address: '上海市黄浦区南京东路街道人民大道200号',
    province: '上海市',
    city: [],
    district: '黄浦区',
    township: '南京东路街道',
    adcode: '310101',
  }),
  areaAround(ANJI, {
    formatted_address: '浙江省湖州市安吉县递铺街道',
    province: '浙江省',
    city: '湖州市',
    district: '安吉县',
    township: '递铺街道',
    adcode: '330523',
  }),
  areaAround(JIYUAN, {
    formatted_address: '河南省济源市沁园街道',
    province: '河南省',
    city: [],
    district: '济源市',
    township: '沁园街道',
    adcode: '419001',
  }),
];

const fakes = useFakeAmaps({ areas: AREAS });
const { logs } = fakes;

function amap(overrides: AmapOverrides = {}): ReverseGeocoder {
  return createAmapReverseGeocoder(fakes.options(overrides));
}

describe('amap reverse geocoding adapter', () => {
  it('asks about the point in GCJ-02, with the key, for the base address', async () => {
    await amap().reverse(SHANGHAI);
    expect(fakes.plain.received).toHaveLength(1);
    const sent = fakes.plain.received[0] as Record<string, string>;
    expect(sent).toMatchObject({ _path: '/v3/geocode/regeo', key: KEY, extensions: 'base', output: 'JSON' });
    expect(sent.sig).toBeUndefined();
    expectSentInGcj02(sent, SHANGHAI);
  });

  it('answers AMap’s address with the township as street and the WGS-84 point asked', async () => {
    expect(await amap().reverse(ANJI)).toEqual<GeocodeResult>({
      location: '湖州市安吉县',
      formatted_address: '浙江省湖州市安吉县递铺街道',
      province: '浙江省',
      city: '湖州市',
      district: '安吉县',
      street: '递铺街道',
      latitude: ANJI.latitude,
      longitude: ANJI.longitude,
    });
  });

  it('names the municipality as the city where AMap leaves it empty', async () => {
    expect(await amap().reverse(SHANGHAI)).toMatchObject({
      location: '上海市黄浦区',
      formatted_address: '上海市黄浦区南京东路街道人民大道200号',
      province: '上海市',
      city: '上海市',
      district: '黄浦区',
      street: '南京东路街道',
    });
  });

  it('names a county-level city under its province as its own city', async () => {
    expect(await amap().reverse(JIYUAN)).toMatchObject({
      location: '济源市',
      province: '河南省',
      city: '济源市',
      district: '济源市',
    });
  });

  it('answers GEOCODE_NOT_FOUND where AMap knows no province (abroad, at sea)', async () => {
    const error = await appFailure(amap().reverse({ latitude: 35.6812, longitude: 139.7671 }));
    expect(error.code).toBe('GEOCODE_NOT_FOUND');
    expect(error.status).toBe(4004);
    // The unconverted Shanghai point is outside the fake's area: no nearby guess either.
    expect((await appFailure(amap().reverse({ latitude: 31.2325, longitude: 121.4692 }))).code).toBe(
      'GEOCODE_NOT_FOUND',
    );
  });

  it('signs every call when a private key is set, and AMap accepts it', async () => {
    const found = await amap({ apiBase: fakes.signed.apiBase, secret: SECRET }).reverse(ANJI);
    expect(found.district).toBe('安吉县');
    expect(fakes.signed.received[0]?.sig).toMatch(/^[0-9a-f]{32}$/);
  });

  it('fails when AMap refuses the signature, naming AMap’s infocode in the log', async () => {
    const error = await appFailure(amap({ apiBase: fakes.signed.apiBase, secret: 'not-the-key' }).reverse(ANJI));
    expect(error.code).toBe('GEOCODE_UNAVAILABLE');
    expect(error.status).toBe(5003);
    expect(logs.some((l) => l.level === 'error' && l.fields.infocode === '10007')).toBe(true);
  });

  it('fails on an unknown key and when the day’s quota is used up (status "0")', async () => {
    expect((await appFailure(amap({ key: 'someone-else' }).reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
    expect(logs.some((l) => l.fields.info === 'INVALID_USER_KEY')).toBe(true);
    fakes.plain.state.mode = 'over-limit';
    expect((await appFailure(amap().reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
    expect(logs.some((l) => l.fields.infocode === '10003')).toBe(true);
  });

  it('fails on HTTP 500 and on an answer that is not AMap’s JSON', async () => {
    fakes.plain.state.mode = 'http-500';
    expect((await appFailure(amap().reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
    expect(logs.some((l) => l.fields.httpStatus === 500)).toBe(true);
    fakes.plain.state.mode = 'not-json';
    expect((await appFailure(amap().reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
    expect(logs.some((l) => l.fields.httpStatus === 502 && String(l.fields.body).includes('Bad Gateway'))).toBe(true);
  });

  it('fails when AMap does not answer in time, or nothing listens at the address', async () => {
    fakes.plain.state.mode = 'hang';
    const started = Date.now();
    expect((await appFailure(amap({ timeoutMs: 300 }).reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await appFailure(amap({ apiBase: 'http://127.0.0.1:9' }).reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
  });

  it('fails on an OK answer without an address, rather than inventing one', async () => {
    const geocoder = createAmapReverseGeocoder({
      key: KEY,
      apiBase: 'http://amap.invalid',
      log: fakes.log(),
      fetch: async () => new Response(JSON.stringify({ status: '1', info: 'OK', infocode: '10000' }), { status: 200 }),
    });
    expect((await appFailure(geocoder.reverse(ANJI))).code).toBe('GEOCODE_UNAVAILABLE');
  });

  it('logs where the point was only to about a kilometre', async () => {
    fakes.plain.state.mode = 'over-limit';
    await appFailure(amap().reverse(SHANGHAI));
    const logged = logs.find((l) => l.level === 'error');
    expect(logged?.fields.location).toMatch(/^\d+\.\d{2},\d+\.\d{2}$/);
  });
});

describe('reverse geocoder configuration', () => {
  it('is the offline table by default, AMap with MAPS_PROVIDER=amap', () => {
    expect(createReverseGeocoder(loadConfig({}), fakes.log()).kind).toBe('offline');
    const config = loadConfig({ MAPS_PROVIDER: 'amap', AMAP_KEY: KEY, AMAP_API_BASE: 'http://127.0.0.1:8080/' });
    expect(createReverseGeocoder(config, fakes.log()).kind).toBe('amap');
  });
});
