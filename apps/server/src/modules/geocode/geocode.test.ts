// POST /api/v1/ai/user/location/geocode through the API: the offline table by default
// (known districts, a county town, abroad), input refused with the validation status,
// login and the per-user limit, and the same call answered by AMap (a local fake of its
// protocol) with MAPS_PROVIDER=amap.
import { type GeocodeResult, geocodeLocation, STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { signedUrl } from '../../../test/signed.ts';
import { gcjFromWgs, startFakeAmap } from '../../platform/maps/fake-amap.test-helper.ts';

let t: TestApp;
let me: Person;

beforeAll(async () => {
  t = await buildTestApp();
  me = await newPerson(t);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const geocode = (body: Body, person: Person = me) =>
  person.api.request('POST', geocodeLocation.path, body) as Promise<GeocodeResult>;

/** Posts `body` as JSON with its values as they are (numbers, arrays, null), signed, as `me`. */
function postJson(body: Body) {
  const url = signedUrl(geocodeLocation.path, t.config.API_SIGN_SECRET, {
    body: body as unknown as Record<string, string>,
  });
  return t.app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${me.token}` } });
}

describe('POST /api/v1/ai/user/location/geocode, offline', () => {
  it.each([
    ['人民广场, Shanghai', '31.230416', '121.473701', '上海市', '上海市', '黄浦区', '上海市黄浦区'],
    ['三里屯, Beijing', '39.9334', '116.4546', '北京市', '北京市', '朝阳区', '北京市朝阳区'],
    ['深圳湾公园, Shenzhen', '22.515', '113.94', '广东省', '深圳市', '南山区', '深圳市南山区'],
    ['安吉, a county town in Zhejiang', '30.6383', '119.6818', '浙江省', '湖州市', '安吉县', '湖州市安吉县'],
  ])('names the district of %s', async (_, lat, lng, province, city, district, location) => {
    expect(await geocode({ lat, lng })).toEqual({
      location,
      formatted_address: province === city ? location : `${province}${location}`,
      province,
      city,
      district,
      street: '',
      latitude: Number(lat),
      longitude: Number(lng),
    });
  });

  it('answers the point asked, rounded to six decimals', async () => {
    const found = await geocode({ lat: '31.2304161234', lng: '121.4737009876' });
    expect(found).toMatchObject({ latitude: 31.230416, longitude: 121.473701 });
  });

  it.each([
    ['Tokyo', '35.6812', '139.7671'],
    ['Hanoi, 100 km from the border', '21.0285', '105.8542'],
    ['the middle of the Pacific', '0', '-160'],
  ])('answers GEOCODE_NOT_FOUND in %s, not a district of China', async (_, lat, lng) => {
    const error = await apiFailure(geocode({ lat, lng }));
    expect(error.status).toBe(STATUS.NOT_FOUND);
    expect(error.httpStatus).toBe(200);
    expect(error.message).toBe('无法识别该位置所在地区（仅支持中国境内的位置）');
  });
});

describe('POST /api/v1/ai/user/location/geocode refuses', () => {
  it.each([
    [{ lng: '121.47' }, 'lat 请提供纬度'],
    [{ lat: '', lng: '121.47' }, 'lat 请提供纬度'],
    [{ lat: '31.23' }, 'lng 请提供经度'],
    [{ lat: '北纬31度', lng: '121.47' }, 'lat 纬度须为数字'],
    [{ lat: 'NaN', lng: '121.47' }, 'lat 纬度须为数字'],
    [{ lat: 'Infinity', lng: '121.47' }, 'lat 纬度须为数字'],
    [{ lat: '90.0001', lng: '121.47' }, 'lat 纬度须在 -90 到 90 之间'],
    [{ lat: '-91', lng: '121.47' }, 'lat 纬度须在 -90 到 90 之间'],
    [{ lat: '31.23', lng: '180.5' }, 'lng 经度须在 -180 到 180 之间'],
    [{ lat: '31.23', lng: '-181' }, 'lng 经度须在 -180 到 180 之间'],
  ])('%j with the validation status (%s)', async (body, detail) => {
    const error = await apiFailure(geocode(body));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    expect(error.message).toBe(`参数错误：${detail}`);
  });

  it.each([
    [{ lat: { north: 31 }, lng: 121.47 }, 'lat 纬度须为数字'],
    [{ lat: [31.23], lng: 121.47 }, 'lat 纬度须为数字'],
    [{ lat: true, lng: 121.47 }, 'lat 纬度须为数字'],
    [{ lat: null, lng: 121.47 }, 'lat 请提供纬度'],
  ])('JSON that is not a number, %j, with the validation status', async (body, detail) => {
    const res = await postJson(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: `参数错误：${detail}` });
  });

  it('takes numbers as numbers, as a JSON client may send them', async () => {
    const res = await postJson({ lat: 30.6383, lng: 119.6818 });
    expect(res.json()).toMatchObject({ status: STATUS.SUCCESS, data: { district: '安吉县' } });
  });

  it('a caller who is not logged in', async () => {
    const error = await apiFailure(t.api.request('POST', geocodeLocation.path, { lat: '31.23', lng: '121.47' }));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });

  it('a 31st call of one person within a minute, and no one else', async () => {
    const busy = await newPerson(t);
    for (let i = 0; i < 30; i++) await geocode({ lat: '31.23', lng: '121.47' }, busy);
    const error = await apiFailure(geocode({ lat: '31.23', lng: '121.47' }, busy));
    expect(error.status).toBe(STATUS.RATE_LIMITED);
    expect((await geocode({ lat: '31.23', lng: '121.47' }, await newPerson(t))).district).toBe('黄浦区');
  });
});

describe('POST /api/v1/ai/user/location/geocode with MAPS_PROVIDER=amap', () => {
  let amapApp: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeAmap>>;
  let person: Person;
  /** 国贸, Beijing (WGS-84). */
  const POINT = { latitude: 39.9087, longitude: 116.4605 };

  beforeAll(async () => {
    const gcj = gcjFromWgs(POINT.latitude, POINT.longitude);
    fake = await startFakeAmap({
      key: 'amap-key',
      secret: 'amap-secret',
      areas: [
        {
          // 110 m around the point's GCJ-02 position: only a converted point lands in it.
          box: {
            south: gcj.latitude - 0.001,
            north: gcj.latitude + 0.001,
            west: gcj.longitude - 0.001,
            east: gcj.longitude + 0.001,
          },
          formatted_address: '北京市朝阳区建外街道国贸桥',
          province: '北京市',
          city: [],
          district: '朝阳区',
          township: '建外街道',
          adcode: '110105',
        },
      ],
    });
    amapApp = await buildTestApp({
      MAPS_PROVIDER: 'amap',
      AMAP_KEY: 'amap-key',
      AMAP_SECRET: 'amap-secret',
      AMAP_API_BASE: fake.apiBase,
    });
    person = await newPerson(amapApp);
  });
  afterAll(async () => {
    await amapApp.close();
    await fake.close();
  });

  const ask = (body: Body) => person.api.request('POST', geocodeLocation.path, body) as Promise<GeocodeResult>;

  it('answers AMap’s address for the point, sent in GCJ-02', async () => {
    expect(await ask({ lat: String(POINT.latitude), lng: String(POINT.longitude) })).toEqual({
      location: '北京市朝阳区',
      formatted_address: '北京市朝阳区建外街道国贸桥',
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      street: '建外街道',
      latitude: POINT.latitude,
      longitude: POINT.longitude,
    });
    const sent = fake.received.at(-1) as Record<string, string>;
    expect(sent._path).toBe('/v3/geocode/regeo');
    const gcj = gcjFromWgs(POINT.latitude, POINT.longitude);
    expect(sent.location).toBe(`${gcj.longitude.toFixed(6)},${gcj.latitude.toFixed(6)}`);
  });

  it('answers GEOCODE_NOT_FOUND where AMap knows no address', async () => {
    const error = await apiFailure(ask({ lat: '35.6812', lng: '139.7671' }));
    expect(error.status).toBe(STATUS.NOT_FOUND);
  });

  it('answers GEOCODE_UNAVAILABLE, not a server error and not the offline guess, when AMap fails', async () => {
    for (const mode of ['over-limit', 'http-500', 'not-json'] as const) {
      fake.state.mode = mode;
      try {
        const error = await apiFailure(ask({ lat: String(POINT.latitude), lng: String(POINT.longitude) }));
        expect(error.status).toBe(STATUS.UNAVAILABLE);
        expect(error.httpStatus).toBe(200);
        expect(error.message).toBe('地址解析暂时无法使用，请稍后再试');
      } finally {
        fake.state.mode = 'ok';
      }
    }
  });
});
