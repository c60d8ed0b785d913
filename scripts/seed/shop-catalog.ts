import type { ArtKind } from './product-art.ts';
import { createRandom } from './random.ts';

/**
 * The demo shop: what a community of EV owners actually buys, in categories two levels
 * deep, with spec groups, per-SKU prices and stock, a few sold-out SKUs, two products off
 * sale and a few promotions around "now". Pure data: shop.ts stores it through the shop
 * module, product-art.ts draws its pictures.
 */

/** Top categories (with their icon, an Iconify name served by /api/icons) and their sub-categories, in shelf order. */
export const SHOP_CATEGORIES: readonly { name: string; icon: string; children: readonly string[] }[] = [
  { name: '车内装饰', icon: 'mdi:car-seat', children: ['脚垫', '座套坐垫', '香氛'] },
  { name: '屏幕配件', icon: 'mdi:tablet-dashboard', children: ['钢化膜', '支架'] },
  { name: '充电设备', icon: 'mdi:ev-station', children: ['家用充电桩', '便携充电枪', '转接头'] },
  { name: '收纳整理', icon: 'mdi:archive-outline', children: ['中控收纳盒', '后备箱收纳'] },
  { name: '车身改装', icon: 'mdi:car-wrench', children: ['车衣', '改色膜', '轮毂盖'] },
  { name: '出行工具', icon: 'mdi:tools', children: ['充气泵', '应急电源', '行车记录仪'] },
  { name: '灯光氛围', icon: 'mdi:lightbulb-outline', children: ['氛围灯', '迎宾灯'] },
  { name: '清洁养护', icon: 'mdi:car-wash', children: ['洗车用品', '镀晶养护'] },
  { name: '特斯拉周边', icon: 'mdi:car-electric', children: ['车模', '钥匙卡套'] },
  { name: '露营出行', icon: 'mdi:tent', children: ['车载冰箱', '床垫睡袋', '天幕帐篷'] },
];

/** An option of a spec group: its price on top of the base price, its colour in the pictures. */
type OptionDef = { name: string; add?: number; color?: string };
type SpecDef = { name: string; options: readonly OptionDef[] };

export type CatalogProduct = {
  /** Names the product's image files: lower-case letters, digits and dashes. */
  key: string;
  /** Top category and sub-category, names from SHOP_CATEGORIES. */
  category: readonly [string, string];
  title: string;
  /** Rich text: p, ul/li, strong. */
  description: string;
  art: { kind: ArtKind; color: string; accent: string };
  specs: readonly SpecDef[];
  /** Yuan, of the cheapest combination; every option's `add` comes on top. */
  price: number;
  /** Yuan, of the cheapest combination; absent = no market price. */
  market?: number;
  /** Option-name lists: a SKU having all the names of one of them is sold out. */
  soldOut?: readonly (readonly string[])[];
  sales: number;
  onSale?: false;
  /** A promotion: promo price = price × percent / 100, from `from` to `to` days relative to now. */
  promo?: { percent: number; from: number; to: number };
};

const C = {
  black: '#1f2937',
  grey: '#6b7280',
  silver: '#cbd5e1',
  white: '#f1f5f9',
  beige: '#e7dcc8',
  coffee: '#7c4a2d',
  red: '#b91c1c',
  wine: '#7f1d1d',
  blue: '#1d4ed8',
  navy: '#1e3a8a',
  green: '#166534',
  orange: '#ea580c',
  purple: '#6d28d9',
  sand: '#d6b98c',
  olive: '#4d5b2a',
  cyan: '#06b6d4',
  gold: '#ca8a04',
};

const opt = (name: string, extra: Omit<OptionDef, 'name'> = {}): OptionDef => ({ name, ...extra });
const models = (...names: string[]): SpecDef => ({ name: '车型', options: names.map((n) => opt(n)) });
const colors = (...list: [string, string][]): SpecDef => ({
  name: '颜色',
  options: list.map(([name, color]) => opt(name, { color })),
});

/** A short product page: an opening line, selling points, and a note in bold. */
function desc(intro: string, points: readonly string[], note?: string): string {
  const list = `<ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`;
  return `<p>${intro}</p>${list}${note ? `<p><strong>${note}</strong></p>` : ''}`;
}

const TESLA = ['Model 3', 'Model Y'];
const POPULAR = ['Model 3', 'Model Y', '小米SU7', '比亚迪海豹', '极氪001'];

export const SHOP_PRODUCTS: readonly CatalogProduct[] = [
  // ── 车内装饰 › 脚垫
  {
    key: 'mat-tpe',
    category: ['车内装饰', '脚垫'],
    title: 'TPE全包围汽车脚垫 3D激光扫描原车开模',
    description: desc(
      '按原车地台激光扫描开模，边缘贴合无缝隙，<strong>无异味 TPE 材质</strong>，雨雪天也能一冲即净。',
      ['高边设计，泥水不外溢', '底部防滑钉，急刹不移位', '主驾加厚耐磨区，鞋跟不磨穿'],
      '拍下请备注年款，客服确认后发货',
    ),
    art: { kind: 'floor-mat', color: C.black, accent: C.grey },
    specs: [models(...POPULAR), colors(['黑色', C.black], ['米白', C.beige])],
    price: 399,
    market: 599,
    soldOut: [['极氪001', '米白']],
    sales: 3862,
    promo: { percent: 85, from: -3, to: 4 },
  },
  {
    key: 'mat-coil',
    category: ['车内装饰', '脚垫'],
    title: '双层丝圈脚垫 大包围防水易清洗',
    description: desc('上层丝圈锁住沙土，下层皮革防水，<strong>上层可拆下单独冲洗</strong>。', [
      '全包围设计覆盖门槛',
      '原车卡扣固定',
      '三色可选，搭配内饰',
    ]),
    art: { kind: 'floor-mat', color: C.grey, accent: C.black },
    specs: [
      models('Model 3', 'Model Y', '小米SU7', '理想L7'),
      colors(['黑色', C.black], ['灰色', C.grey], ['咖啡色', C.coffee]),
    ],
    price: 299,
    market: 459,
    sales: 1540,
  },
  {
    key: 'mat-trunk',
    category: ['车内装饰', '脚垫'],
    title: '后备箱垫+前备箱垫 TPE防水套装',
    description: desc('装露营装备、搬花盆都不怕脏，<strong>前后备箱一套配齐</strong>。', [
      '立体高边，液体不外漏',
      '表面防滑纹理，物品不乱滑',
      '轻薄不占空间',
    ]),
    art: { kind: 'floor-mat', color: '#111827', accent: C.grey },
    specs: [models('Model 3', 'Model Y', '小米SU7')],
    price: 199,
    market: 299,
    sales: 2210,
  },
  {
    key: 'mat-leather',
    category: ['车内装饰', '脚垫'],
    title: '航空软包真皮脚垫 全包围加厚款',
    description: desc('头层牛皮面料，航空软包工艺，<strong>加厚海绵脚感柔软</strong>。', [
      '菱格绗缝，质感升级',
      '可配丝圈层',
      '手工包边，十年不开线',
    ]),
    art: { kind: 'floor-mat', color: C.wine, accent: C.beige },
    specs: [models('Model Y', '小米SU7', '理想L7'), colors(['黑色', C.black], ['酒红', C.wine], ['米白', C.beige])],
    price: 699,
    market: 999,
    sales: 412,
    onSale: false,
  },
  // ── 车内装饰 › 座套坐垫
  {
    key: 'seat-nappa',
    category: ['车内装饰', '座套坐垫'],
    title: 'Nappa皮全包座椅套 原车版型定制',
    description: desc(
      '按原厂座椅版型裁剪，装上像原车一样，<strong>不影响座椅加热、通风和侧气囊</strong>。',
      ['Nappa 纹超纤皮，耐磨耐刮', '透气打孔，夏天不闷', '免拆座椅安装，约 1 小时'],
      '五座一套，含头枕套',
    ),
    art: { kind: 'seat', color: C.black, accent: C.red },
    specs: [models(...TESLA, '小米SU7'), colors(['黑色', C.black], ['米白', C.beige], ['红黑', C.red])],
    price: 1299,
    market: 1899,
    sales: 688,
  },
  {
    key: 'seat-ice',
    category: ['车内装饰', '座套坐垫'],
    title: '冰丝通风坐垫 夏季凉垫 不挡座椅通风',
    description: desc('3D 网眼结构，坐下也能透气，<strong>座椅通风照常吹到身上</strong>。', [
      '冰丝面料，触感清凉',
      '防滑硅胶底',
      '可机洗',
    ]),
    art: { kind: 'seat', color: C.grey, accent: C.cyan },
    specs: [
      colors(['黑色', C.black], ['灰色', C.grey]),
      { name: '规格', options: [opt('单片主驾'), opt('前排两片', { add: 110 }), opt('五座套装', { add: 330 })] },
    ],
    price: 129,
    market: 199,
    sales: 5230,
  },
  {
    key: 'seat-pillow',
    category: ['车内装饰', '座套坐垫'],
    title: '记忆棉头枕腰靠套装 长途不累',
    description: desc('慢回弹记忆棉，托住颈椎和腰椎，<strong>长途自驾的续航神器</strong>。', [
      '绑带可调，适配各种座椅',
      '外套可拆洗',
      '头枕+腰靠一套',
    ]),
    art: { kind: 'seat', color: C.beige, accent: C.coffee },
    specs: [colors(['黑色', C.black], ['米白', C.beige])],
    price: 159,
    market: 239,
    sales: 2975,
  },
  // ── 车内装饰 › 香氛
  {
    key: 'scent-vent',
    category: ['车内装饰', '香氛'],
    title: '出风口香薰 航空铝合金 持久淡香',
    description: desc('夹在出风口，风一吹香味就出来，<strong>一片香芯约用 45 天</strong>。', [
      '航空铝外壳，不易变形',
      '三种香型可选',
      '送两片替换香芯',
    ]),
    art: { kind: 'vent-clip', color: C.silver, accent: C.green },
    specs: [{ name: '香型', options: [opt('雪松'), opt('白茶'), opt('海盐')] }],
    price: 69,
    market: 99,
    sales: 8120,
  },
  {
    key: 'scent-smart',
    category: ['车内装饰', '香氛'],
    title: '智能车载香氛机 自动喷香 三档浓度',
    description: desc('上车自动启动，<strong>熄火自动停止</strong>，浓度三档可调。', [
      'Type-C 充电，续航 30 天',
      '雾化精油，不含酒精',
      '静音设计',
    ]),
    art: { kind: 'bottle', color: C.black, accent: C.gold },
    specs: [colors(['曜石黑', C.black], ['月光银', C.silver])],
    price: 259,
    market: 369,
    sales: 1320,
  },
  {
    key: 'scent-refill',
    category: ['车内装饰', '香氛'],
    title: '香薰补充液 三瓶装 植物精油',
    description: desc('适配本店香氛机的补充液，<strong>每瓶 10ml 约用 30 天</strong>。', [
      '植物精油调香',
      '不伤皮革和塑料件',
      '三瓶同香型',
    ]),
    art: { kind: 'bottle', color: C.beige, accent: C.green },
    specs: [{ name: '香型', options: [opt('雪松'), opt('白茶'), opt('海盐'), opt('小苍兰')] }],
    price: 59,
    market: 89,
    sales: 4410,
  },
  // ── 屏幕配件 › 钢化膜
  {
    key: 'glass-center',
    category: ['屏幕配件', '钢化膜'],
    title: '中控屏钢化膜 9H硬度 高清防指纹',
    description: desc(
      '原屏尺寸精雕，<strong>带对位框一次贴正</strong>，触控灵敏不打折。',
      ['9H 硬度，钥匙划不花', '疏油层防指纹', '磨砂款白天不反光'],
      '每单附贴膜工具包',
    ),
    art: { kind: 'screen', color: C.blue, accent: C.cyan },
    specs: [
      models(...POPULAR, '理想L7', '问界M7'),
      { name: '规格', options: [opt('高清'), opt('防蓝光', { add: 20 }), opt('磨砂防指纹', { add: 30 })] },
    ],
    price: 59,
    market: 99,
    soldOut: [['问界M7', '磨砂防指纹']],
    sales: 12840,
    promo: { percent: 80, from: -2, to: 2 },
  },
  {
    key: 'glass-dash',
    category: ['屏幕配件', '钢化膜'],
    title: '仪表屏+中控屏钢化膜套装',
    description: desc('仪表屏和中控屏一次配齐，<strong>两张都带对位框</strong>。', [
      '高透光率 92%',
      '2.5D 圆弧边',
      '贴歪包重贴一次',
    ]),
    art: { kind: 'screen', color: C.navy, accent: C.orange },
    specs: [models('小米SU7', '理想L7', '问界M7', '极氪001')],
    price: 89,
    market: 139,
    sales: 3120,
  },
  {
    key: 'glass-rear',
    category: ['屏幕配件', '钢化膜'],
    title: '后排娱乐屏钢化膜 儿童防刮',
    description: desc('孩子手指戳、玩具磕，<strong>后排屏也要保护</strong>。', ['防爆膜层', '高清不影响画质']),
    art: { kind: 'screen', color: C.purple, accent: C.cyan },
    specs: [models('Model Y', '理想L7', '理想L9')],
    price: 39,
    market: 59,
    sales: 1870,
  },
  // ── 屏幕配件 › 支架
  {
    key: 'mount-magnet',
    category: ['屏幕配件', '支架'],
    title: '屏幕边框磁吸手机支架 不挡屏',
    description: desc('夹在中控屏侧边，<strong>手机和导航同时看</strong>，不挡出风口。', [
      'N52 强磁，颠簸不掉',
      '360° 旋转',
      '无需打孔粘贴',
    ]),
    art: { kind: 'phone-mount', color: C.black, accent: C.silver },
    specs: [colors(['黑色', C.black], ['银色', C.silver])],
    price: 129,
    market: 169,
    sales: 6020,
  },
  {
    key: 'mount-magsafe',
    category: ['屏幕配件', '支架'],
    title: 'MagSafe磁吸无线充电支架 15W快充',
    description: desc('贴上即充，<strong>15W 无线快充</strong>，导航一路电量不掉。', [
      '风冷散热，手机不烫',
      '兼容 iPhone 12 及以上',
      '附磁吸贴片适配安卓',
    ]),
    art: { kind: 'phone-mount', color: C.silver, accent: C.blue },
    specs: [{ name: '安装方式', options: [opt('屏幕边框款'), opt('出风口款'), opt('仪表台粘贴款')] }],
    price: 169,
    market: 229,
    sales: 3350,
  },
  {
    key: 'mount-swivel',
    category: ['屏幕配件', '支架'],
    title: '中控屏旋转支架 左右转向主驾',
    description: desc('中控屏向主驾转 15°，<strong>看导航不用歪头</strong>。', [
      '铝合金阻尼转轴',
      '原车螺丝孔位安装',
      '不影响屏幕升级',
    ]),
    art: { kind: 'screen', color: C.grey, accent: C.silver },
    specs: [models(...TESLA), { name: '版本', options: [opt('手动版'), opt('电动版', { add: 300 })] }],
    price: 499,
    market: 699,
    sales: 860,
  },
  // ── 充电设备 › 家用充电桩
  {
    key: 'wallbox-7kw',
    category: ['充电设备', '家用充电桩'],
    title: '7kW家用交流充电桩 壁挂盒 国标通用',
    description: desc(
      '单相 220V 即可安装，<strong>一晚充满</strong>，所有国标接口电动车通用。',
      ['IP55 防水，室外也能装', '漏电、过压、过温多重保护', '5 米充电线，停车不挑位置'],
      '含 30 米内基础安装，超出部分按实际收费',
    ),
    art: { kind: 'wall-box', color: C.white, accent: C.cyan },
    specs: [
      colors(['珍珠白', C.white], ['星空灰', C.grey]),
      { name: '版本', options: [opt('即插即充'), opt('APP蓝牙版', { add: 400 })] },
    ],
    price: 1999,
    market: 2699,
    sales: 1276,
  },
  {
    key: 'wallbox-11kw',
    category: ['充电设备', '家用充电桩'],
    title: '11kW三相智能充电桩 预约充电 刷卡启动',
    description: desc(
      '三相 380V，<strong>充电速度比 7kW 快 50%</strong>，支持谷电预约。',
      ['APP 远程控制，充电记录可查', '刷卡启动，防蹭电', '7 米加长线'],
      '需物业或电网报装三相电，下单前请咨询客服',
    ),
    art: { kind: 'wall-box', color: C.black, accent: C.green },
    specs: [{ name: '安装', options: [opt('不含安装'), opt('含30米安装', { add: 800 })] }],
    price: 2999,
    market: 3999,
    soldOut: [['含30米安装']],
    sales: 318,
  },
  {
    key: 'wallbox-pillar',
    category: ['充电设备', '家用充电桩'],
    title: '充电桩立柱 户外落地安装支架',
    description: desc('没有墙可挂？<strong>立柱落地安装</strong>，露天车位也能装桩。', [
      '镀锌钢材，户外十年不锈',
      '带线缆挂钩',
      '适配主流壁挂盒',
    ]),
    art: { kind: 'wall-box', color: C.grey, accent: C.orange },
    specs: [],
    price: 399,
    market: 499,
    sales: 204,
  },
  // ── 充电设备 › 便携充电枪
  {
    key: 'gun-3kw',
    category: ['充电设备', '便携充电枪'],
    title: '3.5kW便携充电枪 随车充 家用插座即充',
    description: desc('普通 16A 插座就能充，<strong>出差回老家不愁没桩</strong>。', [
      '电流 8/10/13/16A 可调',
      '带屏显示电压电量',
      'IP67 防水枪头',
    ]),
    art: { kind: 'charge-gun', color: C.black, accent: C.cyan },
    specs: [{ name: '长度', options: [opt('5米'), opt('10米', { add: 200 })] }],
    price: 599,
    market: 799,
    sales: 4560,
    promo: { percent: 85, from: -1, to: 6 },
  },
  {
    key: 'gun-7kw',
    category: ['充电设备', '便携充电枪'],
    title: '7kW便携充电枪 三相可调 带预约',
    description: desc('既是随车充又能当家用桩，<strong>接 32A 工业插座即可 7kW 快充</strong>。', [
      '预约充电，谷电省钱',
      '过温自动降流',
      '收纳包一体设计',
    ]),
    art: { kind: 'charge-gun', color: C.grey, accent: C.green },
    specs: [{ name: '长度', options: [opt('5米'), opt('10米', { add: 200 })] }],
    price: 1299,
    market: 1699,
    sales: 1033,
  },
  {
    key: 'gun-v2l',
    category: ['充电设备', '便携充电枪'],
    title: 'V2L对外放电枪 3.3kW 露营用电',
    description: desc('插上充电口，<strong>车就是一台大移动电源</strong>，电磁炉、咖啡机都能带。', [
      '两个五孔插座',
      '带漏电保护',
      '适配支持放电的车型',
    ]),
    art: { kind: 'adapter', color: C.orange, accent: C.black },
    specs: [],
    price: 499,
    market: 699,
    soldOut: [[]],
    sales: 2390,
  },
  // ── 充电设备 › 转接头
  {
    key: 'adapter-tesla-gb',
    category: ['充电设备', '转接头'],
    title: '特斯拉转国标交流转接头',
    description: desc('特斯拉车主用国标交流桩，<strong>一插即用</strong>。', [
      '支持 32A 电流',
      '阻燃 PC 外壳',
      '附收纳袋',
    ]),
    art: { kind: 'adapter', color: C.white, accent: C.red },
    specs: [],
    price: 299,
    market: 399,
    sales: 2870,
  },
  {
    key: 'adapter-16a',
    category: ['充电设备', '转接头'],
    title: '16A转10A插头转换器 随车充专用',
    description: desc('老房子只有 10A 插座？<strong>转一下就能用随车充</strong>。', [
      '纯铜导体',
      '过载自动断电',
      '短线设计，不易拉扯',
    ]),
    art: { kind: 'adapter', color: C.grey, accent: C.orange },
    specs: [],
    price: 49,
    market: 69,
    sales: 9110,
  },
  {
    key: 'adapter-holster',
    category: ['充电设备', '转接头'],
    title: '充电枪挂座+线缆挂钩 车库收纳',
    description: desc('枪头挂好不落灰，<strong>线缆绕起来不绊脚</strong>。', ['铝合金挂座', '附膨胀螺丝']),
    art: { kind: 'adapter', color: C.black, accent: C.silver },
    specs: [colors(['黑色', C.black], ['白色', C.white])],
    price: 79,
    market: 109,
    sales: 1680,
  },
  // ── 收纳整理 › 中控收纳盒
  {
    key: 'box-armrest',
    category: ['收纳整理', '中控收纳盒'],
    title: '中控扶手箱收纳盒 植绒静音 分层设计',
    description: desc('扶手箱分成上下两层，<strong>硬币、纸巾、充电线各归其位</strong>。', [
      '植绒内衬，颠簸无异响',
      '原车尺寸，放进去刚好',
      '可拆隔板',
    ]),
    art: { kind: 'console-box', color: C.black, accent: C.grey },
    specs: [models(...POPULAR)],
    price: 89,
    market: 129,
    sales: 7260,
  },
  {
    key: 'box-screen',
    category: ['收纳整理', '中控收纳盒'],
    title: '中控屏后隐藏收纳盒 纸巾盒二合一',
    description: desc('利用屏幕背后的空间，<strong>看不见却很能装</strong>。', ['免打孔粘贴', '抽纸盒一体']),
    art: { kind: 'console-box', color: C.grey, accent: C.black },
    specs: [models(...TESLA), colors(['黑色', C.black], ['白色', C.white])],
    price: 69,
    market: 99,
    sales: 3540,
  },
  {
    key: 'box-door',
    category: ['收纳整理', '中控收纳盒'],
    title: '门板储物槽收纳盒 四门一套',
    description: desc('门板储物槽变整齐，<strong>拿东西不再叮当响</strong>。', ['TPE 防滑垫', '四门一套']),
    art: { kind: 'console-box', color: C.coffee, accent: C.beige },
    specs: [models('Model 3', 'Model Y', '小米SU7')],
    price: 59,
    market: 89,
    sales: 2130,
  },
  // ── 收纳整理 › 后备箱收纳
  {
    key: 'crate-fold',
    category: ['收纳整理', '后备箱收纳'],
    title: '折叠后备箱收纳箱 大容量 可做置物架',
    description: desc('展开装满，折叠只有 5 厘米，<strong>买菜露营两用</strong>。', [
      '牛津布+硬板，承重 30kg',
      '底部防滑魔术贴',
      '侧边网兜放水瓶',
    ]),
    art: { kind: 'crate', color: C.black, accent: C.orange },
    specs: [
      { name: '规格', options: [opt('40L'), opt('60L', { add: 30 })] },
      colors(['黑色', C.black], ['灰色', C.grey]),
    ],
    price: 99,
    market: 149,
    sales: 4980,
  },
  {
    key: 'crate-frunk',
    category: ['收纳整理', '后备箱收纳'],
    title: '前备箱收纳盒 防水防尘 原车尺寸',
    description: desc('前备箱放充电枪和雨伞，<strong>拿出来不沾泥水</strong>。', ['TPE 材质', '带提手']),
    art: { kind: 'crate', color: C.grey, accent: C.cyan },
    specs: [models('Model 3', 'Model Y', '小米SU7')],
    price: 129,
    market: 179,
    sales: 1620,
  },
  {
    key: 'crate-under',
    category: ['收纳整理', '后备箱收纳'],
    title: '下备箱分隔收纳盒 Model Y专用',
    description: desc('把下备箱分成三格，<strong>补胎工具、洗车用品各放一格</strong>。', [
      '原车尺寸',
      '带盖，上面照样放行李',
    ]),
    art: { kind: 'crate', color: C.black, accent: C.green },
    specs: [],
    price: 159,
    market: 219,
    sales: 980,
  },
  // ── 车身改装 › 车衣
  {
    key: 'ppf-tpu',
    category: ['车身改装', '车衣'],
    title: 'TPU隐形车衣 全车施工 自修复抗黄变',
    description: desc(
      '透明 TPU 保护膜，<strong>细小划痕晒太阳就能自己恢复</strong>。',
      ['十年质保，质保期内免费重贴', '亮面增亮，漆面更透', '全国门店施工'],
      '价格含全车施工，拍下后客服预约门店',
    ),
    art: { kind: 'wrap', color: '#e2e8f0', accent: C.cyan },
    specs: [
      models('Model 3', 'Model Y', '小米SU7', '极氪001'),
      { name: '厚度', options: [opt('7.5mil'), opt('8.5mil', { add: 1500 }), opt('10mil', { add: 3000 })] },
    ],
    price: 6999,
    market: 9999,
    sales: 156,
  },
  {
    key: 'cover-outdoor',
    category: ['车身改装', '车衣'],
    title: '户外加厚车罩 防晒防雨防冰雹',
    description: desc('露天车位必备，<strong>夏天车内温度降 10°C 以上</strong>。', [
      '四层复合面料',
      '内里绒面不伤漆',
      '附收纳袋',
    ]),
    art: { kind: 'car-cover', color: C.silver, accent: C.orange },
    specs: [models(...POPULAR)],
    price: 299,
    market: 459,
    sales: 2040,
  },
  // ── 车身改装 › 改色膜
  {
    key: 'wrap-color',
    category: ['车身改装', '改色膜'],
    title: '全车改色膜 电光金属系列 含施工',
    description: desc(
      '不动原车漆，<strong>换个颜色换台新车</strong>，撕掉就能恢复原色。',
      ['进口 PET 基材，不起泡', '三年不褪色', '全国门店施工'],
      '改色后请到车管所备案',
    ),
    art: { kind: 'wrap', color: C.purple, accent: C.cyan },
    specs: [
      colors(['液态金属银', C.silver], ['午夜紫', C.purple], ['电光蓝', C.blue], ['哑光军绿', C.olive]),
      { name: '车型', options: [opt('轿车'), opt('SUV', { add: 500 })] },
    ],
    price: 3999,
    market: 5999,
    soldOut: [['哑光军绿', 'SUV']],
    sales: 233,
  },
  {
    key: 'wrap-roof',
    category: ['车身改装', '改色膜'],
    title: '哑光黑车顶膜 黑顶改装',
    description: desc('做个黑顶，<strong>车身线条马上变低变运动</strong>。', ['含施工', '可与原车漆任意搭配']),
    art: { kind: 'wrap', color: C.black, accent: C.grey },
    specs: [models('Model 3', 'Model Y', '小米SU7')],
    price: 599,
    market: 899,
    sales: 541,
  },
  {
    key: 'wrap-tint',
    category: ['车身改装', '改色膜'],
    title: '陶瓷隔热膜 前挡+侧后挡全车',
    description: desc('纳米陶瓷隔热，<strong>不影响手机信号和 ETC</strong>。', [
      '隔热率 90%',
      '前挡高透光，夜间清晰',
      '含施工',
    ]),
    art: { kind: 'wrap', color: C.navy, accent: C.black },
    specs: [models(...POPULAR), { name: '规格', options: [opt('标准款'), opt('旗舰款', { add: 800 })] }],
    price: 1299,
    market: 1899,
    sales: 742,
  },
  // ── 车身改装 › 轮毂盖
  {
    key: 'wheel-19',
    category: ['车身改装', '轮毂盖'],
    title: '19寸空力轮毂盖 Model Y原车尺寸',
    description: desc('换上就是新轮毂，<strong>还能保护原车轮毂不被路沿刮花</strong>。', [
      'ABS 注塑，不变形',
      '卡扣安装，不用工具',
      '四只一套',
    ]),
    art: { kind: 'wheel', color: C.black, accent: C.red },
    specs: [colors(['哑光黑', C.black], ['亮黑', '#0b0b0f'], ['碳纤维纹', '#374151'])],
    price: 899,
    market: 1299,
    sales: 1150,
  },
  {
    key: 'wheel-18',
    category: ['车身改装', '轮毂盖'],
    title: '18寸轮毂盖 Model 3 运动款',
    description: desc('运动涡轮造型，<strong>低风阻不掉续航</strong>。', ['四只一套', '附备用卡扣']),
    art: { kind: 'wheel', color: C.silver, accent: C.blue },
    specs: [colors(['银灰', C.silver], ['哑光黑', C.black])],
    price: 699,
    market: 999,
    sales: 870,
  },
  {
    key: 'wheel-nuts',
    category: ['车身改装', '轮毂盖'],
    title: '轮毂螺丝帽 20只装 彩色装饰',
    description: desc('小细节大变化，<strong>红色卡钳同款配色</strong>。', ['铝合金阳极氧化', '附拆卸工具']),
    art: { kind: 'wheel', color: C.grey, accent: C.red },
    specs: [colors(['红色', C.red], ['蓝色', C.blue], ['黑色', C.black])],
    price: 39,
    market: 59,
    sales: 6370,
  },
  // ── 出行工具 › 充气泵
  {
    key: 'pump-wireless',
    category: ['出行工具', '充气泵'],
    title: '无线车载充气泵 数显 充满自停',
    description: desc('设好胎压一键启动，<strong>充到数值自动停</strong>，自行车、球类也能打。', [
      '6000mAh 电池',
      '四种模式',
      'LED 照明灯',
    ]),
    art: { kind: 'inflator', color: C.black, accent: C.cyan },
    specs: [colors(['黑色', C.black], ['白色', C.white])],
    price: 199,
    market: 299,
    sales: 9830,
    promo: { percent: 80, from: -4, to: 3 },
  },
  {
    key: 'pump-dual',
    category: ['出行工具', '充气泵'],
    title: '双缸大功率充气泵 有线 SUV适用',
    description: desc('双缸打气速度翻倍，<strong>大轮胎 3 分钟充满</strong>。', ['12V 点烟器供电', '金属缸体']),
    art: { kind: 'inflator', color: C.red, accent: C.orange },
    specs: [],
    price: 299,
    market: 399,
    sales: 1190,
  },
  // ── 出行工具 › 应急电源
  {
    key: 'power-jump',
    category: ['出行工具', '应急电源'],
    title: '汽车应急启动电源 12V小电瓶亏电救急',
    description: desc('电车的 12V 小电瓶也会亏电，<strong>有它不用等救援</strong>。', [
      '智能防反接夹',
      '兼做充电宝',
      'LED 应急灯',
    ]),
    art: { kind: 'power-box', color: C.orange, accent: C.black },
    specs: [{ name: '容量', options: [opt('10000mAh'), opt('20000mAh', { add: 100 })] }],
    price: 299,
    market: 399,
    sales: 2260,
  },
  {
    key: 'power-station',
    category: ['出行工具', '应急电源'],
    title: '户外移动电源 1000W 磷酸铁锂',
    description: desc('露营、停电都能用，<strong>1000W 输出带得动电饭煲</strong>。', [
      '磷酸铁锂电芯，循环 3000 次',
      '车充、市电、太阳能三种充法',
      '纯正弦波输出',
    ]),
    art: { kind: 'power-box', color: C.grey, accent: C.green },
    specs: [{ name: '容量', options: [opt('1024Wh'), opt('2048Wh', { add: 2000 })] }],
    price: 2999,
    market: 3999,
    sales: 388,
  },
  // ── 出行工具 › 行车记录仪
  {
    key: 'dashcam-4k',
    category: ['出行工具', '行车记录仪'],
    title: '4K前后双录行车记录仪 停车监控',
    description: desc(
      '前 4K 后 1080P，<strong>夜里也能看清车牌</strong>。',
      ['手机 APP 直连', '24 小时停车监控', '语音控制拍照'],
      '随机附降压线，需另购存储卡时请选 64G/128G 套餐',
    ),
    art: { kind: 'dashcam', color: C.black, accent: C.red },
    specs: [{ name: '规格', options: [opt('单机'), opt('含64G卡', { add: 60 }), opt('含128G卡', { add: 100 })] }],
    price: 499,
    market: 699,
    sales: 1790,
  },
  {
    key: 'dashcam-hidden',
    category: ['出行工具', '行车记录仪'],
    title: '隐藏式行车记录仪 原车后视镜位安装',
    description: desc('藏在后视镜后面，<strong>从车外几乎看不见</strong>。', ['原车取电，不走明线', '含安装']),
    art: { kind: 'dashcam', color: C.grey, accent: C.blue },
    specs: [models(...TESLA, '小米SU7')],
    price: 699,
    market: 899,
    sales: 640,
  },
  // ── 灯光氛围 › 氛围灯
  {
    key: 'light-ambient',
    category: ['灯光氛围', '氛围灯'],
    title: '64色幻彩氛围灯 中控+门板 随音乐律动',
    description: desc(
      '中控台和四门一圈光带，<strong>64 色随心换</strong>，还能跟着音乐变色。',
      ['原车取电，开门自动亮', 'APP 调色', '导光条隐藏安装'],
      '含安装，约 2 小时',
    ),
    art: { kind: 'light-strip', color: C.cyan, accent: C.purple },
    specs: [models(...POPULAR)],
    price: 399,
    market: 599,
    sales: 2480,
    promo: { percent: 75, from: -5, to: 9 },
  },
  {
    key: 'light-foot',
    category: ['灯光氛围', '氛围灯'],
    title: '脚窝氛围灯 四门一套 即插即用',
    description: desc('上车时脚下一片柔光，<strong>夜里找东西也方便</strong>。', ['原车插头，无损安装', '七色可选']),
    art: { kind: 'light-strip', color: C.orange, accent: C.red },
    specs: [models(...TESLA)],
    price: 129,
    market: 179,
    sales: 1560,
  },
  // ── 灯光氛围 › 迎宾灯
  {
    key: 'light-welcome',
    category: ['灯光氛围', '迎宾灯'],
    title: '车门投影迎宾灯 高清不褪色',
    description: desc('开门地面亮出图案，<strong>仪式感拉满</strong>。', [
      '玻璃镜片，不会越照越淡',
      '原车灯位直接替换',
      '两只一套',
    ]),
    art: { kind: 'projector', color: C.black, accent: C.cyan },
    specs: [{ name: '图案', options: [opt('车标'), opt('星空'), opt('定制文字', { add: 30 })] }],
    price: 79,
    market: 119,
    sales: 3310,
  },
  {
    key: 'light-trunk',
    category: ['灯光氛围', '迎宾灯'],
    title: '后备箱LED照明灯 超亮替换灯泡',
    description: desc('原车后备箱灯太暗？<strong>换上亮度提升 5 倍</strong>。', ['原车插口', '两只装']),
    art: { kind: 'projector', color: C.white, accent: C.gold },
    specs: [],
    price: 59,
    market: 79,
    sales: 4020,
  },
  // ── 清洁养护 › 洗车用品
  {
    key: 'clean-towel',
    category: ['清洁养护', '洗车用品'],
    title: '超细纤维洗车毛巾 加厚吸水 五条装',
    description: desc('双面不同绒长，<strong>擦车不留水痕不伤漆</strong>。', ['无边缝设计', '可机洗']),
    art: { kind: 'towel', color: C.blue, accent: C.grey },
    specs: [{ name: '尺寸', options: [opt('40×40cm'), opt('60×160cm', { add: 30 })] }],
    price: 39,
    market: 59,
    sales: 11230,
  },
  {
    key: 'clean-shampoo',
    category: ['清洁养护', '洗车用品'],
    title: '中性泡沫洗车液 浓缩高泡 不伤镀晶',
    description: desc('pH 中性配方，<strong>镀晶车、贴膜车都能用</strong>。', [
      '1:500 稀释',
      '泡沫丰富易冲洗',
      '樱花香型',
    ]),
    art: { kind: 'bottle', color: '#f472b6', accent: C.white },
    specs: [{ name: '规格', options: [opt('500ml'), opt('1L', { add: 30 })] }],
    price: 49,
    market: 69,
    sales: 5670,
  },
  {
    key: 'clean-washer',
    category: ['清洁养护', '洗车用品'],
    title: '无线手持洗车机 高压水枪 锂电便携',
    description: desc('不用接电源，<strong>一桶水就能洗一台车</strong>。', [
      '6 合 1 喷头',
      '续航 40 分钟',
      '可吸水桶取水',
    ]),
    art: { kind: 'inflator', color: C.blue, accent: C.orange },
    specs: [{ name: '规格', options: [opt('单电池'), opt('双电池', { add: 100 })] }],
    price: 399,
    market: 599,
    sales: 1310,
  },
  // ── 清洁养护 › 镀晶养护
  {
    key: 'care-coating',
    category: ['清洁养护', '镀晶养护'],
    title: '纳米镀晶套装 DIY 漆面疏水',
    description: desc('自己在家就能镀，<strong>水珠一冲就滚落</strong>。', [
      '一套可用 2 次',
      '附海绵和擦拭巾',
      '保持 6 个月',
    ]),
    art: { kind: 'bottle', color: C.navy, accent: C.cyan },
    specs: [],
    price: 199,
    market: 299,
    sales: 2750,
  },
  {
    key: 'care-leather',
    category: ['清洁养护', '镀晶养护'],
    title: '内饰清洁护理剂 皮革座椅去污上光',
    description: desc('一擦干净，<strong>浅色座椅的牛仔裤染色也能擦掉</strong>。', [
      '不含硅油，不发粘',
      '附超细纤维布',
    ]),
    art: { kind: 'bottle', color: C.beige, accent: C.coffee },
    specs: [],
    price: 59,
    market: 79,
    sales: 3920,
  },
  // ── 特斯拉周边 › 车模
  {
    key: 'model-118',
    category: ['特斯拉周边', '车模'],
    title: '1:18 Model Y 合金车模 开门可动',
    description: desc('原厂授权 1:18 比例，<strong>车门、前后备箱都能打开</strong>。', [
      '合金车身',
      '附亚克力展示罩',
      '内饰细节还原',
    ]),
    art: { kind: 'car-model', color: C.white, accent: C.silver },
    specs: [colors(['珍珠白', C.white], ['深海蓝', C.navy], ['烈焰红', C.red], ['星空灰', C.grey])],
    price: 899,
    market: 1299,
    soldOut: [['烈焰红']],
    sales: 460,
  },
  {
    key: 'model-164',
    category: ['特斯拉周边', '车模'],
    title: '1:64 电动车车模 三台装',
    description: desc('桌面小摆件，<strong>三款热门电车一盒带走</strong>。', ['合金车身', '带底座']),
    art: { kind: 'car-model', color: C.blue, accent: C.silver },
    specs: [],
    price: 129,
    market: 169,
    sales: 1830,
    onSale: false,
  },
  // ── 特斯拉周边 › 钥匙卡套
  {
    key: 'card-sleeve',
    category: ['特斯拉周边', '钥匙卡套'],
    title: '卡片钥匙保护套 真皮 带挂绳',
    description: desc('钥匙卡装进去，<strong>刷卡开门不用拿出来</strong>。', ['头层牛皮', '附挂绳']),
    art: { kind: 'key-card', color: C.coffee, accent: C.gold },
    specs: [colors(['咖啡色', C.coffee], ['黑色', C.black], ['红色', C.red])],
    price: 49,
    market: 79,
    sales: 7740,
  },
  {
    key: 'card-band',
    category: ['特斯拉周边', '钥匙卡套'],
    title: 'NFC手环钥匙 防水 可替代卡片钥匙',
    description: desc('戴在手上就是钥匙，<strong>跑步游泳都不用摘</strong>。', [
      'IP68 防水',
      '无需充电',
      '在车机里添加即可使用',
    ]),
    art: { kind: 'key-card', color: C.black, accent: C.cyan },
    specs: [{ name: '尺寸', options: [opt('S'), opt('M'), opt('L')] }],
    price: 199,
    market: 259,
    sales: 1290,
  },
  // ── 露营出行 › 车载冰箱
  {
    key: 'fridge',
    category: ['露营出行', '车载冰箱'],
    title: '车载压缩机冰箱 -20°C速冷 双温区',
    description: desc('压缩机制冷，<strong>夏天露营冰镇西瓜</strong>。', [
      'APP 控温',
      '低电压保护，不怕电瓶亏电',
      '车家两用',
    ]),
    art: { kind: 'power-box', color: C.white, accent: C.cyan },
    specs: [{ name: '容量', options: [opt('25L'), opt('35L', { add: 300 })] }],
    price: 1199,
    market: 1599,
    sales: 520,
    promo: { percent: 85, from: 2, to: 9 },
  },
  // ── 露营出行 › 床垫睡袋
  {
    key: 'camp-mattress',
    category: ['露营出行', '床垫睡袋'],
    title: '后排充气床垫 车中床 放平即睡',
    description: desc('后排放倒铺上，<strong>开着空调睡一晚</strong>，露营模式最佳搭档。', [
      '植绒面料',
      '附电动充气泵',
      '收纳只有一个鞋盒大',
    ]),
    art: { kind: 'mattress', color: C.grey, accent: C.cyan },
    specs: [models('Model Y', '小米SU7', '理想L7', '问界M7')],
    price: 299,
    market: 429,
    sales: 2910,
  },
  {
    key: 'camp-bag',
    category: ['露营出行', '床垫睡袋'],
    title: '信封式羽绒睡袋 可拼接双人',
    description: desc('两只拼成双人睡袋，<strong>舒适温度 5°C</strong>。', ['白鸭绒填充', '可机洗']),
    art: { kind: 'mattress', color: C.olive, accent: C.orange },
    specs: [colors(['军绿', C.olive], ['沙色', C.sand])],
    price: 359,
    market: 499,
    sales: 830,
  },
  // ── 露营出行 › 天幕帐篷
  {
    key: 'camp-tent',
    category: ['露营出行', '天幕帐篷'],
    title: '车尾帐篷 SUV后备箱连接 防雨',
    description: desc('连着后备箱搭起来，<strong>车和帐篷连成一个大空间</strong>。', [
      '3000mm 防水',
      '10 分钟搭好',
      '附地钉风绳',
    ]),
    art: { kind: 'tent', color: C.sand, accent: C.olive },
    specs: [colors(['沙色', C.sand], ['军绿', C.olive])],
    price: 599,
    market: 899,
    sales: 670,
  },
  {
    key: 'camp-awning',
    category: ['露营出行', '天幕帐篷'],
    title: '车边天幕 黑胶防晒 侧边遮阳',
    description: desc('车边一撑就是阴凉，<strong>黑胶涂层防晒 UPF50+</strong>。', ['免打孔吸盘固定', '附支撑杆']),
    art: { kind: 'tent', color: C.black, accent: C.orange },
    specs: [],
    price: 459,
    market: 659,
    sales: 410,
  },
];

/** The shop's front row: the `default` sort shows these first, in this order. */
export const SHOP_FEATURED: readonly string[] = [
  'mat-tpe',
  'wallbox-7kw',
  'glass-center',
  'pump-wireless',
  'light-ambient',
  'gun-3kw',
  'seat-ice',
  'box-armrest',
];

// ---------------------------------------------------------------- products to save

/** A SKU as the shop module takes it: option names in group order, yuan with two decimals. */
export type CatalogSku = {
  options: string[];
  price: string;
  market_price: string;
  promo_price: string;
  stock: number;
};

/** A catalog entry resolved against "now": what `saveProduct` takes, minus the category id and images. */
export type ShopProductDraft = {
  key: string;
  category: readonly [string, string];
  title: string;
  description: string;
  specs: { name: string; options: string[] }[];
  skus: CatalogSku[];
  on_sale: boolean;
  promo_start: string;
  promo_end: string;
  sales: number;
  /** Curated order of the `default` sort: higher first; 0 for the rest. */
  weight: number;
};

const yuan = (amount: number) => amount.toFixed(2);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every combination of one option of each group, in group order ([[]] without groups). */
export function combinations<T>(groups: readonly (readonly T[])[]): T[][] {
  return groups.reduce<T[][]>((acc, group) => acc.flatMap((head) => group.map((item) => [...head, item])), [[]]);
}

/** The SKUs of `product`: every combination, priced from its options, stocked deterministically. */
export function catalogSkus(product: CatalogProduct): CatalogSku[] {
  const random = createRandom(1, `stock:${product.key}`);
  return combinations(product.specs.map((spec) => spec.options)).map((options) => {
    const add = options.reduce((sum, option) => sum + (option.add ?? 0), 0);
    const names = options.map((option) => option.name);
    const price = product.price + add;
    const soldOut = product.soldOut?.some((combo) => combo.every((name) => names.includes(name))) ?? false;
    // Dearer things are stocked thinner: a wall box by the dozen, screen protectors by the hundred.
    const stock = soldOut ? 0 : price >= 1000 ? random.int(3, 40) : random.int(20, 300);
    return {
      options: names,
      price: yuan(price),
      market_price: product.market === undefined ? '' : yuan(product.market + add),
      promo_price: product.promo ? yuan(Math.floor((price * product.promo.percent) / 100)) : '',
      stock,
    };
  });
}

/** The catalog resolved against `now`: promotion windows are relative to it. */
export function shopProductDrafts(now: Date): ShopProductDraft[] {
  return SHOP_PRODUCTS.map((product) => ({
    key: product.key,
    category: product.category,
    title: product.title,
    description: product.description,
    specs: product.specs.map((spec) => ({ name: spec.name, options: spec.options.map((option) => option.name) })),
    skus: catalogSkus(product),
    on_sale: product.onSale !== false,
    promo_start: product.promo ? new Date(now.getTime() + product.promo.from * DAY_MS).toISOString() : '',
    promo_end: product.promo ? new Date(now.getTime() + product.promo.to * DAY_MS).toISOString() : '',
    sales: product.sales,
    weight: SHOP_FEATURED.includes(product.key) ? SHOP_FEATURED.length - SHOP_FEATURED.indexOf(product.key) : 0,
  }));
}
