// The offline reverse geocoder: the table's packing read back, the district holding a
// point (not merely the nearest centre), the nearest one only within OFFLINE_NEAR_KM, and
// the bundled table of China's districts on points whose district is known.
import { AppError } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import {
  bundledDistrictTable,
  createOfflineGeocoder,
  findDistrict,
  OFFLINE_NEAR_KM,
  parseDistrictTable,
} from './offline.ts';

const GRID = 1024;

/** A ring packed as the table packs it (first point `x,y:`, then zigzag steps + 64). */
function pack(points: [number, number][]): string {
  const grid = points.map(([lng, lat]) => [Math.round(lng * GRID), Math.round(lat * GRID)] as const);
  const [first, ...rest] = grid;
  let text = `${first?.[0]},${first?.[1]}:`;
  let [px, py] = first as readonly [number, number];
  for (const [x, y] of rest) {
    const zig = (n: number) => ((n << 1) ^ (n >> 31)) + 64;
    text += String.fromCharCode(zig(x - px), zig(y - py));
    px = x;
    py = y;
  }
  return text;
}

/**
 * Two made-up districts side by side at 100–101°E, 30–31°N: "西区" a square, "东区" an L
 * whose label point (its centre) lies nearer to west's square than to much of itself.
 */
const TABLE = [
  '# header',
  [
    '1',
    '测试省',
    '测试市',
    '西区',
    '100.5,30.5',
    pack([
      [100, 30],
      [100.5, 30],
      [100.5, 31],
      [100, 31],
      [100, 30],
    ]),
  ].join('\t'),
  [
    '2',
    '测试省',
    '测试市',
    '东区',
    '100.75,30.9',
    `${pack([
      [100.5, 30],
      [101, 30],
      [101, 30.1],
      [100.6, 30.1],
      [100.6, 31],
      [100.5, 31],
      [100.5, 30],
    ])} ${pack([
      [100.8, 30.8],
      [100.9, 30.8],
      [100.9, 30.9],
      [100.8, 30.8],
    ])}`,
  ].join('\t'),
].join('\n');

const at = (longitude: number, latitude: number) => ({ latitude, longitude });

describe('the district table', () => {
  const table = parseDistrictTable(TABLE);

  it('reads every district with its names and outlines, skipping the header', () => {
    expect(table.districts.map((d) => [d.province, d.city, d.name, d.rings.length])).toEqual([
      ['测试省', '测试市', '西区', 1],
      ['测试省', '测试市', '东区', 2],
    ]);
    expect(Array.from(table.districts[0]?.rings[0] ?? [])).toEqual([
      100 * GRID,
      30 * GRID,
      100.5 * GRID,
      30 * GRID,
      100.5 * GRID,
      31 * GRID,
      100 * GRID,
      31 * GRID,
      100 * GRID,
      30 * GRID,
    ]);
  });

  it('answers the district whose outline holds the point, wherever its label point is', () => {
    expect(findDistrict(table, at(100.25, 30.5))?.name).toBe('西区');
    // In east's narrow strip, nearer west's centre than east's.
    expect(findDistrict(table, at(100.55, 30.9))?.name).toBe('东区');
    expect(findDistrict(table, at(100.9, 30.05))?.name).toBe('东区');
    // In east's island.
    expect(findDistrict(table, at(100.88, 30.82))?.name).toBe('东区');
  });

  it('answers the nearest district within OFFLINE_NEAR_KM outside every outline, and none beyond', () => {
    const kmPerDegreeLng = 111.32 * Math.cos((30.5 * Math.PI) / 180);
    const justOutside = 100 - (OFFLINE_NEAR_KM * 0.5) / kmPerDegreeLng;
    const farOutside = 100 - (OFFLINE_NEAR_KM * 1.5) / kmPerDegreeLng;
    expect(findDistrict(table, at(justOutside, 30.5))?.name).toBe('西区');
    expect(findDistrict(table, at(farOutside, 30.5))).toBeNull();
    // Beside east's island, in the notch of its L: east is the nearer edge.
    expect(findDistrict(table, at(100.95, 30.85))).toBeNull();
    expect(findDistrict(table, at(100.905, 30.85))?.name).toBe('东区');
  });

  it('answers nothing far from every district', () => {
    expect(findDistrict(table, at(0, 0))).toBeNull();
    expect(findDistrict(table, at(-180, -90))).toBeNull();
    expect(findDistrict(table, at(180, 90))).toBeNull();
  });
});

describe('the offline geocoder on the bundled table', () => {
  const geocoder = createOfflineGeocoder();

  it('holds every province-level division of China', () => {
    const provinces = new Set(bundledDistrictTable().districts.map((d) => d.province));
    expect(provinces.size).toBe(34);
    expect(bundledDistrictTable().districts.length).toBeGreaterThan(3_000);
  });

  it.each([
    ['人民广场, Shanghai', 31.230416, 121.473701, '上海市', '上海市', '黄浦区'],
    ['国贸, Beijing', 39.9087, 116.4605, '北京市', '北京市', '朝阳区'],
    ['深圳湾科技园, Shenzhen', 22.5405, 113.953, '广东省', '深圳市', '南山区'],
    ['递铺, the town of 安吉县', 30.6383, 119.6818, '浙江省', '湖州市', '安吉县'],
    ['中环, Hong Kong', 22.2819, 114.1582, '香港特别行政区', '香港特别行政区', '中西区'],
    ['布达拉宫, Lhasa', 29.6558, 91.1169, '西藏自治区', '拉萨市', '城关区'],
  ])('places %s in its district', async (_, latitude, longitude, province, city, district) => {
    expect(await geocoder.reverse({ latitude, longitude })).toMatchObject({ province, city, district, street: '' });
  });

  it('answers the contract’s shape, with the WGS-84 point asked', async () => {
    expect(await geocoder.reverse({ latitude: 30.6383, longitude: 119.6818 })).toEqual({
      location: '湖州市安吉县',
      formatted_address: '浙江省湖州市安吉县',
      province: '浙江省',
      city: '湖州市',
      district: '安吉县',
      street: '',
      latitude: 30.6383,
      longitude: 119.6818,
    });
    expect(await geocoder.reverse({ latitude: 31.230416, longitude: 121.473701 })).toMatchObject({
      location: '上海市黄浦区',
      formatted_address: '上海市黄浦区',
    });
  });

  it('looks the point up in GCJ-02, the table’s datum', async () => {
    // 东方明珠 as GPS gives it (WGS-84), 200 m from the Huangpu river on the Pudong side.
    // Read as GCJ-02 unconverted, the point would sit some 450 m west, over the river in 黄浦区.
    const tower = { latitude: 31.2418, longitude: 121.495 };
    expect(await geocoder.reverse(tower)).toMatchObject({ city: '上海市', district: '浦东新区' });
    expect(findDistrict(bundledDistrictTable(), tower)?.name).toBe('黄浦区');
  });

  it.each([
    ['Tokyo', 35.6812, 139.7671],
    ['Hanoi', 21.0285, 105.8542],
    ['Seoul', 37.5665, 126.978],
    ['Ulaanbaatar', 47.8864, 106.9057],
    ['the Pacific', 0, -160],
    ['the South Pole', -90, 0],
  ])('answers GEOCODE_NOT_FOUND in %s, not the nearest district', async (_, latitude, longitude) => {
    const error = await geocoder.reverse({ latitude, longitude }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('GEOCODE_NOT_FOUND');
  });

  it('answers a thousand points in well under a second', async () => {
    await geocoder.reverse({ latitude: 31.23, longitude: 121.47 });
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      await geocoder.reverse({ latitude: 22 + (i % 20), longitude: 100 + (i % 25) }).catch(() => null);
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
