// The demo directory of places near which EV owners charge, swap, service and wash their
// cars (the pois table behind POST /pub/nearbyAds with MAPS_PROVIDER=local): a few hundred
// believable places in six cities, generated from a fixed table of districts, their real
// roads and landmarks, and the brands that run such places. Deterministic (the run seed
// and a label), no network; written once, into an empty directory only.
import { countPois, insertPois, type PoiInput } from '../../apps/server/src/modules/places/index.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import { createRandom, type Random } from './random.ts';

type LatLng = { latitude: number; longitude: number };
/** A landmark (a mall, a park, a business district) and the road it is on. */
type Landmark = readonly [name: string, road: string];
type District = { name: string; center: LatLng; roads: readonly string[]; landmarks: readonly Landmark[] };
type City = { name: string; short: string; center: LatLng; count: number; districts: readonly District[] };

/** No place is further than this from its city's centre. */
export const MAX_DISTANCE_FROM_CENTER_M = 15_000;
/** A place lies within this of its district's centre. */
const DISTRICT_SPREAD_M = 2_500;

const d = (name: string, latitude: number, longitude: number, roads: string[], landmarks: Landmark[]): District => ({
  name,
  center: { latitude, longitude },
  roads,
  landmarks,
});

/** Six cities, their central districts (WGS-84 centres), real roads and landmarks. */
export const PLACE_CITIES: readonly City[] = [
  {
    name: '上海市',
    short: '上海',
    center: { latitude: 31.230416, longitude: 121.473701 },
    count: 64,
    districts: [
      d(
        '黄浦区',
        31.2317,
        121.4846,
        ['南京东路', '西藏中路', '延安东路', '中山南路', '复兴中路', '淮海中路'],
        [
          ['来福士广场', '西藏中路'],
          ['新天地', '马当路'],
          ['世博滨江', '中山南路'],
          ['人民广场', '人民大道'],
        ],
      ),
      d(
        '静安区',
        31.2286,
        121.448,
        ['南京西路', '延安中路', '常德路', '江宁路', '共和新路'],
        [
          ['静安嘉里中心', '南京西路'],
          ['静安大悦城', '西藏北路'],
          ['静安寺', '华山路'],
          ['不夜城', '天目西路'],
        ],
      ),
      d(
        '徐汇区',
        31.1885,
        121.4365,
        ['漕溪北路', '肇嘉浜路', '虹桥路', '龙华中路', '宜山路'],
        [
          ['徐家汇', '漕溪北路'],
          ['西岸滨江', '龙腾大道'],
          ['港汇恒隆', '虹桥路'],
          ['龙华', '龙华中路'],
        ],
      ),
      d(
        '长宁区',
        31.2204,
        121.4244,
        ['延安西路', '天山路', '仙霞路', '古北路', '长宁路'],
        [
          ['长宁来福士', '长宁路'],
          ['中山公园', '长宁路'],
          ['古北', '古北路'],
          ['虹桥南丰城', '遵义路'],
        ],
      ),
      d(
        '浦东新区',
        31.2215,
        121.5447,
        ['世纪大道', '张杨路', '浦东南路', '金桥路', '锦绣路', '龙阳路'],
        [
          ['陆家嘴', '世纪大道'],
          ['世纪公园', '锦绣路'],
          ['前滩太古里', '东育路'],
          ['金桥', '金桥路'],
          ['张江', '科苑路'],
        ],
      ),
      d(
        '杨浦区',
        31.2596,
        121.526,
        ['淞沪路', '国权路', '黄兴路', '控江路', '政立路'],
        [
          ['五角场', '淞沪路'],
          ['新江湾城', '政立路'],
          ['杨浦滨江', '杨树浦路'],
        ],
      ),
      d(
        '普陀区',
        31.2495,
        121.3973,
        ['真北路', '武宁路', '曹杨路', '中山北路', '金沙江路'],
        [
          ['长风公园', '大渡河路'],
          ['环球港', '中山北路'],
          ['曹杨', '曹杨路'],
        ],
      ),
      d(
        '虹口区',
        31.2646,
        121.5052,
        ['四川北路', '东大名路', '曲阳路', '西江湾路'],
        [
          ['北外滩', '东大名路'],
          ['虹口足球场', '东江湾路'],
          ['瑞虹天地', '瑞虹路'],
        ],
      ),
    ],
  },
  {
    name: '北京市',
    short: '北京',
    center: { latitude: 39.904211, longitude: 116.407395 },
    count: 58,
    districts: [
      d(
        '东城区',
        39.9288,
        116.4164,
        ['东直门内大街', '朝阳门北大街', '东长安街', '崇文门外大街'],
        [
          ['王府井', '王府井大街'],
          ['东直门', '东直门内大街'],
          ['雍和宫', '雍和宫大街'],
          ['崇文门', '崇文门外大街'],
        ],
      ),
      d(
        '西城区',
        39.9123,
        116.366,
        ['西直门外大街', '阜成门外大街', '金融大街', '广安门内大街'],
        [
          ['金融街', '金融大街'],
          ['西单', '西单北大街'],
          ['德胜门', '德胜门外大街'],
        ],
      ),
      d(
        '朝阳区',
        39.9215,
        116.4864,
        ['建国路', '东三环中路', '朝阳北路', '望京街', '酒仙桥路', '亮马桥路'],
        [
          ['国贸', '建国门外大街'],
          ['三里屯', '三里屯路'],
          ['望京', '望京街'],
          ['蓝色港湾', '朝阳公园路'],
          ['朝阳大悦城', '朝阳北路'],
          ['798艺术区', '酒仙桥路'],
        ],
      ),
      d(
        '海淀区',
        39.9599,
        116.2981,
        ['中关村大街', '北四环西路', '学院路', '西三环北路', '知春路'],
        [
          ['中关村', '中关村大街'],
          ['五道口', '成府路'],
          ['五棵松', '复兴路'],
          ['海淀黄庄', '海淀大街'],
        ],
      ),
      d(
        '丰台区',
        39.8585,
        116.2867,
        ['丰台路', '南四环西路', '丽泽路', '马家堡东路'],
        [
          ['丽泽商务区', '丽泽路'],
          ['丰台科技园', '南四环西路'],
          ['马家堡', '马家堡东路'],
        ],
      ),
    ],
  },
  {
    name: '深圳市',
    short: '深圳',
    center: { latitude: 22.543099, longitude: 114.057868 },
    count: 56,
    districts: [
      d(
        '福田区',
        22.541,
        114.0546,
        ['深南大道', '福华路', '益田路', '彩田路', '滨河大道'],
        [
          ['会展中心', '福华三路'],
          ['华强北', '华强北路'],
          ['车公庙', '深南大道'],
          ['香蜜湖', '香梅路'],
          ['福田CBD', '益田路'],
        ],
      ),
      d(
        '罗湖区',
        22.5481,
        114.1312,
        ['人民南路', '东门中路', '深南东路', '宝安南路', '布心路'],
        [
          ['东门', '东门中路'],
          ['万象城', '宝安南路'],
          ['国贸', '人民南路'],
          ['笋岗', '宝安北路'],
        ],
      ),
      d(
        '南山区',
        22.5332,
        113.9305,
        ['科技园南路', '南海大道', '后海大道', '沙河西路', '桃园路'],
        [
          ['科技园', '科技园南路'],
          ['海岸城', '文心五路'],
          ['深圳湾', '滨海大道'],
          ['前海', '桂湾四路'],
          ['蛇口', '望海路'],
        ],
      ),
    ],
  },
  {
    name: '杭州市',
    short: '杭州',
    center: { latitude: 30.274085, longitude: 120.15507 },
    count: 52,
    districts: [
      d(
        '上城区',
        30.2424,
        120.1693,
        ['解放路', '延安路', '钱江路', '江锦路'],
        [
          ['湖滨', '延安路'],
          ['钱江新城', '富春路'],
          ['杭州来福士', '新业路'],
          ['城站', '环城东路'],
        ],
      ),
      d(
        '拱墅区',
        30.3192,
        120.142,
        ['莫干山路', '湖墅南路', '上塘路', '石祥路'],
        [
          ['运河上街', '台州路'],
          ['远洋乐堤港', '丽水路'],
          ['杭州大悦城', '上塘路'],
        ],
      ),
      d(
        '西湖区',
        30.2597,
        120.13,
        ['文三路', '天目山路', '古墩路', '教工路', '西溪路'],
        [
          ['黄龙', '曙光路'],
          ['西溪', '天目山路'],
          ['紫金港', '紫金港路'],
          ['浙大玉泉', '浙大路'],
        ],
      ),
      d(
        '滨江区',
        30.2084,
        120.2118,
        ['江南大道', '滨盛路', '江陵路', '长河路'],
        [
          ['星光大道', '江南大道'],
          ['滨江龙湖天街', '江汉路'],
          ['奥体中心', '飞虹路'],
        ],
      ),
    ],
  },
  {
    name: '广州市',
    short: '广州',
    center: { latitude: 23.129163, longitude: 113.264435 },
    count: 56,
    districts: [
      d(
        '越秀区',
        23.129,
        113.2668,
        ['环市东路', '东风中路', '中山五路', '解放北路', '农林下路'],
        [
          ['北京路', '北京路'],
          ['东山口', '署前路'],
          ['流花', '流花路'],
          ['淘金', '淘金路'],
        ],
      ),
      d(
        '天河区',
        23.1247,
        113.3612,
        ['天河路', '黄埔大道西', '华夏路', '中山大道西', '天河北路'],
        [
          ['珠江新城', '华夏路'],
          ['天河城', '天河路'],
          ['太古汇', '天河路'],
          ['体育中心', '体育东路'],
          ['天河公园', '中山大道西'],
        ],
      ),
      d(
        '海珠区',
        23.0838,
        113.3172,
        ['新港中路', '江南大道中', '工业大道', '琶洲大道'],
        [
          ['琶洲', '琶洲大道'],
          ['中大', '新港西路'],
          ['江南西', '江南西路'],
          ['广州塔', '阅江西路'],
        ],
      ),
      d(
        '荔湾区',
        23.1259,
        113.2442,
        ['中山七路', '芳村大道', '康王中路', '龙津西路'],
        [
          ['上下九', '上九路'],
          ['芳村', '芳村大道'],
          ['西关', '龙津西路'],
        ],
      ),
      d(
        '白云区',
        23.1577,
        113.2731,
        ['白云大道', '机场路', '广园中路', '云城东路'],
        [
          ['白云新城', '云城东路'],
          ['白云万达', '云城东路'],
          ['三元里', '三元里大道'],
        ],
      ),
    ],
  },
  {
    name: '成都市',
    short: '成都',
    center: { latitude: 30.657, longitude: 104.0657 },
    count: 54,
    districts: [
      d(
        '锦江区',
        30.6486,
        104.0838,
        ['红星路', '东大街', '蜀都大道', '锦华路'],
        [
          ['春熙路', '春熙路'],
          ['IFS国际金融中心', '红星路三段'],
          ['太古里', '中纱帽街'],
          ['东门大桥', '东大街'],
        ],
      ),
      d(
        '青羊区',
        30.6746,
        104.0614,
        ['人民中路', '青华路', '光华大道', '西御街'],
        [
          ['宽窄巷子', '长顺上街'],
          ['杜甫草堂', '青华路'],
          ['骡马市', '人民中路'],
        ],
      ),
      d(
        '金牛区',
        30.6913,
        104.0519,
        ['金府路', '沙湾路', '蜀汉路', '一环路北三段'],
        [
          ['金牛万达', '一环路北三段'],
          ['荷花池', '荷花池路'],
          ['茶店子', '蜀汉路'],
        ],
      ),
      d(
        '武侯区',
        30.6424,
        104.0433,
        ['武侯祠大街', '人民南路四段', '一环路南三段', '武科西二路'],
        [
          ['武侯祠', '武侯祠大街'],
          ['红牌楼', '佳灵路'],
          ['玉林', '玉林南路'],
        ],
      ),
      d(
        '成华区',
        30.6599,
        104.1018,
        ['建设路', '二环路东二段', '双林路', '府青路'],
        [
          ['东客站', '邛崃山路'],
          ['东郊记忆', '建设南支路'],
          ['成华万象城', '双庆路'],
        ],
      ),
      d(
        '高新区',
        30.583,
        104.0638,
        ['天府大道北段', '天府三街', '府城大道', '益州大道'],
        [
          ['金融城', '交子大道'],
          ['环球中心', '天府大道北段'],
          ['新会展', '世纪城路'],
        ],
      ),
    ],
  },
];

type Where = { city: City; district: District; road: string; landmark: string; number: number };
/**
 * How one brand names a branch and where it is: on a street of the district (`road`), or
 * at a landmark, on the landmark's road, with `spot` (its car park, a floor) after it.
 */
type Template = {
  name: (w: Where) => string;
  at: 'road' | 'landmark';
  spot?: string;
  /** Brands that run only in these cities. */
  onlyIn?: readonly string[];
};

const districtShort = (w: Where) => w.district.name.replace(/(新区|区)$/, '');

/** Who runs each kind of place, and how its branches are named and found. */
const TEMPLATES: Record<string, readonly Template[]> = {
  充电站: [
    { name: (w) => `特斯拉超级充电站（${w.city.short}${w.landmark}）`, at: 'landmark', spot: 'B2停车场' },
    {
      name: (w) => `国家电网电动汽车充电站（${w.road}）`,
      at: 'road',
      onlyIn: ['北京市', '上海市', '杭州市', '成都市'],
    },
    { name: (w) => `南方电网充电站（${w.road}）`, at: 'road', onlyIn: ['深圳市', '广州市'] },
    { name: (w) => `特来电充电站（${w.landmark}停车场）`, at: 'landmark', spot: '地面停车场' },
    { name: (w) => `星星充电（${w.landmark}）`, at: 'landmark', spot: 'P2停车场' },
    { name: (w) => `小桔充电站（${w.road}）`, at: 'road' },
    { name: (w) => `蔚来超充站（${w.landmark}）`, at: 'landmark', spot: 'B1停车场' },
    { name: (w) => `小鹏超快充站（${w.landmark}）`, at: 'landmark', spot: 'B2停车场' },
    { name: (w) => `理想超充站（${w.landmark}）`, at: 'landmark', spot: '地下停车场' },
    { name: (w) => `比亚迪快充站（${w.road}）`, at: 'road' },
  ],
  换电站: [
    { name: (w) => `蔚来换电站（${w.landmark}）`, at: 'landmark', spot: '停车场' },
    { name: (w) => `奥动换电站（${w.road}）`, at: 'road' },
  ],
  服务中心: [
    { name: (w) => `特斯拉服务中心（${w.city.short}${districtShort(w)}）`, at: 'road' },
    { name: (w) => `蔚来服务中心（${w.landmark}）`, at: 'landmark' },
    { name: (w) => `比亚迪4S店（${w.road}）`, at: 'road' },
    { name: (w) => `小鹏汽车服务中心（${w.city.short}${districtShort(w)}）`, at: 'road' },
    { name: (w) => `理想汽车服务中心（${w.landmark}）`, at: 'landmark' },
    { name: (w) => `极氪服务中心（${w.road}）`, at: 'road' },
    { name: (w) => `小米汽车服务中心（${w.city.short}${districtShort(w)}）`, at: 'road' },
    { name: (w) => `问界用户中心（${w.landmark}）`, at: 'landmark', spot: '一层' },
    { name: (w) => `埃安服务中心（${w.road}）`, at: 'road', onlyIn: ['广州市', '深圳市'] },
  ],
  轮胎店: [
    { name: (w) => `途虎养车工场店（${w.road}店）`, at: 'road' },
    { name: (w) => `米其林驰加汽车服务中心（${w.road}）`, at: 'road' },
    { name: (w) => `马牌轮胎专卖店（${w.road}）`, at: 'road' },
    { name: (w) => `固特异轮胎（${w.landmark}店）`, at: 'landmark' },
    { name: (w) => `普利司通轮胎专卖（${w.road}）`, at: 'road' },
  ],
  洗车店: [
    { name: (w) => `车之美精致洗车（${w.road}）`, at: 'road' },
    { name: (w) => `快洗驿站（${w.landmark}）`, at: 'landmark', spot: '地下停车场' },
    { name: (w) => `自助洗车（${w.landmark}停车场）`, at: 'landmark', spot: '停车场' },
    { name: (w) => `途虎洗车（${w.road}店）`, at: 'road' },
    { name: (w) => `净车坊手工洗车（${w.road}）`, at: 'road' },
  ],
  汽车美容: [
    { name: (w) => `XPEL隐形车衣施工中心（${w.road}）`, at: 'road' },
    { name: (w) => `3M汽车贴膜（${w.landmark}店）`, at: 'landmark' },
    { name: (w) => `龙膜精英店（${w.road}）`, at: 'road' },
    { name: (w) => `车仆汽车美容（${w.landmark}）`, at: 'landmark', spot: '一层' },
  ],
};

/** How the kinds are mixed: mostly places to charge, as EV owners look for them most. */
const CATEGORY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['充电站', 40],
  ['服务中心', 15],
  ['换电站', 8],
  ['轮胎店', 12],
  ['洗车店', 15],
  ['汽车美容', 10],
];

const METRES_PER_DEGREE = 111_320;

function metresBetween(a: LatLng, b: LatLng): number {
  const north = (b.latitude - a.latitude) * METRES_PER_DEGREE;
  const east = (b.longitude - a.longitude) * METRES_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(north, east);
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A point uniformly spread over a disc around `center`. */
function pointNear(random: Random, center: LatLng, radius: number): LatLng {
  const distance = radius * Math.sqrt(random.next());
  const angle = random.float(0, 2 * Math.PI);
  return {
    latitude: round6(center.latitude + (distance * Math.cos(angle)) / METRES_PER_DEGREE),
    longitude: round6(
      center.longitude +
        (distance * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((center.latitude * Math.PI) / 180)),
    ),
  };
}

function cityPlaces(seed: number, city: City): PoiInput[] {
  const random = createRandom(seed, `places:${city.short}`);
  const places: PoiInput[] = [];
  const names = new Set<string>();
  for (let tries = 0; places.length < city.count && tries < city.count * 20; tries++) {
    const category = random.weighted(CATEGORY_WEIGHTS);
    const templates = (TEMPLATES[category] ?? []).filter((t) => !t.onlyIn || t.onlyIn.includes(city.name));
    const template = random.pick(templates);
    const district = random.pick(city.districts);
    const [landmark, landmarkRoad] = random.pick(district.landmarks);
    const where: Where = {
      city,
      district,
      landmark,
      road: template.at === 'landmark' ? landmarkRoad : random.pick(district.roads),
      number: random.int(1, 120) * (random.chance(0.5) ? 1 : 10) + random.int(0, 9),
    };
    const name = template.name(where);
    if (names.has(name)) continue;
    const position = pointNear(random, district.center, DISTRICT_SPREAD_M);
    if (metresBetween(city.center, position) > MAX_DISTANCE_FROM_CENTER_M) continue;
    names.add(name);
    places.push({
      name,
      category,
      address: `${where.road}${where.number}号${template.spot ? `${landmark}${template.spot}` : ''}`,
      city: city.name,
      district: district.name,
      ...position,
    });
  }
  return places;
}

/** Every demo place under run seed `seed` (the same seed gives the same places). */
export function buildPlaces(seed: number): PoiInput[] {
  return PLACE_CITIES.flatMap((city) => cityPlaces(seed, city));
}

/**
 * Writes the demo places through the places module when its directory is empty (an
 * operator's own directory is never mixed with them); answers how many were written.
 */
export async function seedPlaces(db: Db, seed: number): Promise<number> {
  if ((await countPois(db)) > 0) return 0;
  return insertPois(db, buildPlaces(seed));
}
