/**
 * Hand-written zh-CN vocabulary of an EV owners' community. content.ts combines these
 * with a seeded PRNG; keep them plausible — they are what a visitor reads first.
 */

export type CarModel = { brand: string; model: string; isTesla: boolean; weight: number };

/** Models weighted roughly by how many owners post about them. */
export const CAR_MODELS: readonly CarModel[] = [
  { brand: '特斯拉', model: 'Model 3', isTesla: true, weight: 12 },
  { brand: '特斯拉', model: 'Model Y', isTesla: true, weight: 14 },
  { brand: '特斯拉', model: 'Model S', isTesla: true, weight: 2 },
  { brand: '特斯拉', model: 'Model X', isTesla: true, weight: 1 },
  { brand: '小鹏', model: 'P7', isTesla: false, weight: 5 },
  { brand: '小鹏', model: 'G6', isTesla: false, weight: 4 },
  { brand: '小鹏', model: 'G9', isTesla: false, weight: 2 },
  { brand: '蔚来', model: 'ET5', isTesla: false, weight: 5 },
  { brand: '蔚来', model: 'ES6', isTesla: false, weight: 4 },
  { brand: '蔚来', model: 'ET7', isTesla: false, weight: 2 },
  { brand: '比亚迪', model: '海豹', isTesla: false, weight: 7 },
  { brand: '比亚迪', model: '汉EV', isTesla: false, weight: 6 },
  { brand: '比亚迪', model: '海豚', isTesla: false, weight: 5 },
  { brand: '比亚迪', model: '元PLUS', isTesla: false, weight: 4 },
  { brand: '理想', model: 'L7', isTesla: false, weight: 5 },
  { brand: '理想', model: 'L9', isTesla: false, weight: 3 },
  { brand: '极氪', model: '001', isTesla: false, weight: 5 },
  { brand: '极氪', model: '007', isTesla: false, weight: 3 },
  { brand: '小米', model: 'SU7', isTesla: false, weight: 7 },
  { brand: '问界', model: 'M7', isTesla: false, weight: 4 },
  { brand: '问界', model: 'M9', isTesla: false, weight: 2 },
  { brand: '零跑', model: 'C11', isTesla: false, weight: 2 },
  { brand: '埃安', model: 'AION S', isTesla: false, weight: 2 },
  { brand: '五菱', model: '宏光MINIEV', isTesla: false, weight: 3 },
  { brand: '阿维塔', model: '12', isTesla: false, weight: 1 },
  { brand: '智己', model: 'LS6', isTesla: false, weight: 1 },
];

export type Place = { name: string; latitude: number; longitude: number };

/** Home cities with a few districts each (centre coordinates, WGS-84). */
export const CITIES: readonly { city: string; districts: readonly Place[] }[] = [
  {
    city: '上海',
    districts: [
      { name: '浦东新区', latitude: 31.2215, longitude: 121.5447 },
      { name: '徐汇区', latitude: 31.1885, longitude: 121.4365 },
      { name: '闵行区', latitude: 31.1128, longitude: 121.3817 },
      { name: '嘉定区', latitude: 31.3747, longitude: 121.265 },
    ],
  },
  {
    city: '北京',
    districts: [
      { name: '朝阳区', latitude: 39.9215, longitude: 116.4431 },
      { name: '海淀区', latitude: 39.9593, longitude: 116.2981 },
      { name: '通州区', latitude: 39.9096, longitude: 116.6566 },
      { name: '大兴区', latitude: 39.7267, longitude: 116.3415 },
    ],
  },
  {
    city: '深圳',
    districts: [
      { name: '南山区', latitude: 22.5329, longitude: 113.9305 },
      { name: '福田区', latitude: 22.5411, longitude: 114.0551 },
      { name: '宝安区', latitude: 22.5553, longitude: 113.8835 },
      { name: '龙岗区', latitude: 22.7205, longitude: 114.2467 },
    ],
  },
  {
    city: '广州',
    districts: [
      { name: '天河区', latitude: 23.1247, longitude: 113.3612 },
      { name: '番禺区', latitude: 22.9378, longitude: 113.3842 },
      { name: '海珠区', latitude: 23.0838, longitude: 113.3174 },
    ],
  },
  {
    city: '杭州',
    districts: [
      { name: '西湖区', latitude: 30.2595, longitude: 120.13 },
      { name: '滨江区', latitude: 30.2084, longitude: 120.2116 },
      { name: '余杭区', latitude: 30.4196, longitude: 120.2991 },
      { name: '萧山区', latitude: 30.1839, longitude: 120.2642 },
    ],
  },
  {
    city: '成都',
    districts: [
      { name: '高新区', latitude: 30.5847, longitude: 104.0668 },
      { name: '武侯区', latitude: 30.642, longitude: 104.0431 },
      { name: '锦江区', latitude: 30.6571, longitude: 104.0833 },
    ],
  },
  {
    city: '重庆',
    districts: [
      { name: '渝北区', latitude: 29.7184, longitude: 106.6313 },
      { name: '南岸区', latitude: 29.5231, longitude: 106.5636 },
      { name: '九龙坡区', latitude: 29.5021, longitude: 106.5109 },
    ],
  },
  {
    city: '南京',
    districts: [
      { name: '建邺区', latitude: 32.0035, longitude: 118.7317 },
      { name: '江宁区', latitude: 31.9528, longitude: 118.8399 },
      { name: '鼓楼区', latitude: 32.0663, longitude: 118.7698 },
    ],
  },
  {
    city: '苏州',
    districts: [
      { name: '工业园区', latitude: 31.3172, longitude: 120.6689 },
      { name: '姑苏区', latitude: 31.3118, longitude: 120.6178 },
    ],
  },
  {
    city: '武汉',
    districts: [
      { name: '洪山区', latitude: 30.4996, longitude: 114.3436 },
      { name: '江汉区', latitude: 30.6012, longitude: 114.2707 },
    ],
  },
  {
    city: '西安',
    districts: [
      { name: '雁塔区', latitude: 34.2139, longitude: 108.9481 },
      { name: '未央区', latitude: 34.2929, longitude: 108.9469 },
    ],
  },
  {
    city: '长沙',
    districts: [
      { name: '岳麓区', latitude: 28.2351, longitude: 112.9316 },
      { name: '天心区', latitude: 28.1127, longitude: 112.9899 },
    ],
  },
  {
    city: '厦门',
    districts: [
      { name: '思明区', latitude: 24.4454, longitude: 118.0826 },
      { name: '湖里区', latitude: 24.5127, longitude: 118.1465 },
    ],
  },
  {
    city: '合肥',
    districts: [
      { name: '蜀山区', latitude: 31.8512, longitude: 117.2601 },
      { name: '包河区', latitude: 31.7937, longitude: 117.3093 },
    ],
  },
];

/** Road-trip destinations (自驾游 posts are tagged with where they were taken). */
export const TRAVEL_SPOTS: readonly (Place & { route: string })[] = [
  { name: '四川·理塘', latitude: 29.9958, longitude: 100.2698, route: '川藏线' },
  { name: '西藏·然乌湖', latitude: 29.4917, longitude: 96.7642, route: '川藏线' },
  { name: '西藏·林芝', latitude: 29.6491, longitude: 94.3614, route: '川藏线' },
  { name: '新疆·赛里木湖', latitude: 44.6014, longitude: 81.1761, route: '独库公路' },
  { name: '新疆·那拉提', latitude: 43.3233, longitude: 84.0117, route: '独库公路' },
  { name: '青海·茶卡盐湖', latitude: 36.7911, longitude: 99.0781, route: '青海湖环线' },
  { name: '青海·青海湖', latitude: 36.8946, longitude: 100.1873, route: '青海湖环线' },
  { name: '云南·大理洱海', latitude: 25.6069, longitude: 100.2676, route: '滇西大环线' },
  { name: '云南·香格里拉', latitude: 27.8297, longitude: 99.7065, route: '滇西大环线' },
  { name: '内蒙古·阿尔山', latitude: 47.1773, longitude: 119.9432, route: '呼伦贝尔环线' },
  { name: '内蒙古·呼伦贝尔', latitude: 49.2116, longitude: 119.7658, route: '呼伦贝尔环线' },
  { name: '海南·三亚', latitude: 18.2528, longitude: 109.512, route: '海南环岛' },
  { name: '福建·霞浦', latitude: 26.8855, longitude: 120.0055, route: '东南沿海' },
  { name: '浙江·千岛湖', latitude: 29.6052, longitude: 119.0423, route: '浙西天路' },
  { name: '安徽·黄山', latitude: 30.1348, longitude: 118.1667, route: '皖南川藏线' },
  { name: '甘肃·敦煌', latitude: 40.1421, longitude: 94.6619, route: '甘青大环线' },
];

export const NICK_STEMS = [
  '阿杰',
  '小鹿',
  '老王',
  '大熊',
  '橙子',
  '木木',
  '阿飞',
  '七七',
  '小北',
  '豆豆',
  '老陈',
  '东东',
  '一一',
  '阿蒙',
  '团子',
  '小满',
  '大鹏',
  '阿泽',
  '糖糖',
  '小林',
  '老周',
  '凯哥',
  '星星',
  '阿坤',
  '米粒',
  '晴天',
  '大宝',
  '小宇',
  '可乐',
  '柚子',
  '阿卡',
  '小野',
  '南风',
  '北辰',
  '阿May',
  'Kevin',
  'Leo',
  'Jason',
  'Coco',
  'Tony',
] as const;

export const NICK_HOBBIES = [
  '电车老司机',
  '充电桩猎人',
  '续航焦虑患者',
  '露营爱好者',
  '自驾游狂人',
  '改装小白',
  '车圈摄影师',
  '夜骑党',
  '奶爸车主',
  '通勤打工人',
  '川藏线在路上',
  '洗车强迫症',
  '零百爱好者',
  '佛系车主',
  '保养研究员',
] as const;

export const NICK_SUFFIXES = ['', '', '', '_', '呀', '同学', '本尊', '在路上', '不吃香菜', '爱自驾', '冲鸭'] as const;

export const BIO_TEMPLATES = [
  '{car}车主｜{city}｜{hobby}',
  '提车{months}个月，已经跑了{km}公里',
  '不定期分享{topic}，欢迎交流～',
  '{city}通勤党，每天往返{commute}公里',
  '开电车的第{years}年，从油车换过来再也回不去了',
  '{hobby}，周末不是在充电就是在去充电的路上',
  '爱车是{color}的{car}，名字叫{petName}',
  '记录用车日常，只说真话',
  '摄影 / 露营 / 自驾，{car}是我的移动小屋',
] as const;

export const BIO_TOPICS = [
  '改装心得',
  '自驾路书',
  '充电经验',
  '冬季续航实测',
  '洗车美容',
  '车机玩法',
  '用车成本',
] as const;
export const CAR_COLOR_NAMES = [
  '珍珠白',
  '星空灰',
  '深海蓝',
  '烈焰红',
  '午夜黑',
  '冰川蓝',
  '熔岩橙',
  '薄荷绿',
  '星辰紫',
] as const;
export const PET_NAMES = ['小白', '大黑', '蓝胖子', '小橙', '闪电', '糯米', '小绿', '皮卡丘', '阿蓝'] as const;

/** Post texts per theme: an opening, a body and a closing, with {slots} content.ts fills. */
export const POST_TEMPLATES = {
  mod: {
    openings: [
      '终于把{wheelSize}寸{wheelStyle}轮毂装上了！',
      '给{car}换了一身{filmColor}改色膜，',
      '氛围灯升级完成，晚上开门那一下太有仪式感了。',
      '{car}改装记录第{n}期：{modPart}。',
      '纠结了一个月，最后还是上了{modPart}。',
      '刚从改装店提车回来，',
      '车友问得最多的{modPart}，今天统一回答一下。',
    ],
    bodies: [
      '整套下来花了{price}元，师傅做了{hours}个小时，细节很到位。',
      '换完之后簧下质量轻了不少，过减速带明显更干脆。',
      '颜色是{filmColor}，阳光下会泛一点珠光，阴天又很低调。',
      '选的是{filmBrand}的膜，质保{years}年，边角都包得很干净。',
      '氛围灯一共{colors}种颜色，可以跟着音乐律动，车机里就能调。',
      '降了{lowering}毫米，侧面看姿态一下就出来了，但进地库要小心。',
      '卡钳喷成了{caliperColor}，配黑色轮毂刚好。',
      '合法合规备案过了，年检不用担心。',
    ],
    closings: [
      '大家觉得怎么样？',
      '下一步打算搞{nextMod}，有推荐的店吗？',
      '不喜勿喷，自己开心最重要😄',
      '有同款车的朋友可以参考一下～',
      '店铺位置在{district}，需要的私信我。',
      '效果图在后面，欢迎点评👇',
    ],
  },
  beauty: {
    openings: [
      '洗完车拍了几张，{color}在阳光下真的太好看了✨',
      '今天的{car}颜值在线，',
      '傍晚的光线刚刚好，随手一拍就是壁纸。',
      '周末找了个没人的地方给{petName}拍写真。',
      '{city}的夕阳配{color}车漆，绝了。',
      '提车{months}个月，还是每天看不腻。',
      '雨后的{car}，水珠挂在车漆上像镀了一层膜。',
    ],
    bodies: [
      '手机直出没有修图，{angle}这个角度最显车身线条。',
      '侧面腰线和隐藏式门把手是我当初下定的最大理由。',
      '镀晶做了{months}个月，泼水性还在，洗车十分钟搞定。',
      '后面几张是夜景模式，贯穿式尾灯亮起来辨识度很高。',
      '原厂{wheelSize}寸轮毂其实已经很好看了，暂时不打算换。',
      '专门挑了{time}出门，停车场空荡荡的特别出片。',
    ],
    closings: [
      '你们觉得哪张最好看？',
      '求一个好听的车名～',
      '颜值党的快乐就是这么简单。',
      '同城的车友有空一起约拍啊📷',
      '每次回头看一眼都觉得这钱花得值。',
    ],
  },
  travel: {
    openings: [
      '开着{car}走完了{route}，全程{km}公里！',
      '第{n}天，到达{spot}。',
      '电车能不能跑长途？这次{route}给出了答案。',
      '国庆带家人自驾{route}，记录一下补能情况。',
      '一个人一辆车，{days}天走完{route}。',
      '在{spot}露营的一晚，星空美到失眠。',
      '{route}自驾路书来了，电车党收藏不亏。',
    ],
    bodies: [
      '全程充电{charges}次，最长一段{segment}公里，到站还剩{percent}%电。',
      '沿途超充和换电站比想象中多，最多排队{wait}分钟。',
      '海拔最高到了{altitude}米，电耗比平原高了大概{extra}%，提前规划好完全没问题。',
      '露营模式开了一整夜，空调{temp}度，早上只掉了{drop}%电。',
      '路况整体不错，就是有一段{roadIssue}，慢慢开就好。',
      '车里放了床垫和小冰箱，后备箱秒变小厨房。',
      '平均电耗{consumption}kWh/百公里，比预想的低。',
    ],
    closings: [
      '下一站想去{nextSpot}，有去过的朋友吗？',
      '完整路书和充电点我整理好了，需要的评论区扣1。',
      '风景在路上，电车也能说走就走🏔️',
      '照片没修图，现场比照片还美。',
      '有问题可以留言，知道的都告诉你。',
    ],
  },
  tesla: {
    openings: [
      'FSD入华后第一次实测，',
      '{car}推送了新版本OTA，更新了{otaFeature}。',
      '超充站又扩容了，{city}这边现在{stalls}个桩。',
      '提{car}满{months}个月，说说真实感受。',
      '特斯拉车主必看：{teslaTip}。',
      '今天在超充站遇到了{n}台Model Y，排成一排很壮观。',
      'Autopilot在高速上跑了{km}公里，',
    ],
    bodies: [
      '{otaFeature}用下来比上个版本顺滑很多，变道更果断了。',
      '超充峰值能到{kw}kW，二十分钟从{from}%充到{to}%。',
      '哨兵模式开一晚大概掉{drop}%电，停在露天车位建议开。',
      '城市道路接管了{takeovers}次，主要是加塞和路口左转。',
      '冬天提前用手机APP预热电池，超充速度快了不少。',
      '车机娱乐功能越来越丰富了，等人的时候打两把游戏正好。',
      '保险续了{insurance}元，比第一年便宜了一些。',
    ],
    closings: [
      '你们的车更新了吗？',
      '整体来说还是那个熟悉的特斯拉，优点和缺点都很明显。',
      '有什么想测的功能评论区告诉我。',
      '特斯拉的老车主们说说你们的体验？',
      '总结：值得，但别神化。',
    ],
  },
  exp: {
    openings: [
      '开电车{years}年，总结几条冬季续航经验。',
      '{car}跑了{km}公里，说说真实的保养花费。',
      '新手车主必看：{topic}。',
      '零下{cold}度的早上，续航掉了多少？实测来了。',
      '家里装了充电桩，说说流程和花费。',
      '很多人问电车到底省不省钱，算了一笔账。',
      '电池健康度怎么看？我的{car}跑了{km}公里还剩{soh}%。',
    ],
    bodies: [
      '冬天续航打{winter}折左右，开座椅加热比开空调省电很多。',
      '保养就是换空调滤芯、检查刹车油，一年花了不到{maint}元。',
      '家充一度电{homePrice}元，算下来一公里{perKm}毛钱。',
      '日常充到{to}%就够用，长途前再充满，对电池更友好。',
      '轮胎是最大的消耗品，{tireKm}公里换了一次，花了{tirePrice}元。',
      '装桩需要物业同意和电力报装，前后用了{days}天。',
      '高速{speed}公里时速巡航，实际续航大概是标称的{ratio}%。',
      '单踏板模式习惯之后，刹车片几乎不怎么磨。',
    ],
    closings: [
      '希望对准备入手电车的朋友有帮助。',
      '还有什么想了解的，评论区问我。',
      '以上是个人经验，仅供参考。',
      '老车主们还有什么补充的？',
      '收藏起来，冬天用得上❄️',
    ],
  },
} as const;

export const SLOT_WORDS = {
  wheelStyle: ['锻造', '多辐', '风火轮', '涡轮', '双五辐', '星芒'],
  filmColor: ['电光蓝', '水泥灰', '液态金属银', '哑光黑', '薄荷绿', '樱花粉', '冰莓粉', '极光紫'],
  filmBrand: ['3M', 'XPEL', '龙膜', '威固', '量子膜'],
  modPart: [
    '锻造轮毂',
    '改色膜',
    '隐形车衣',
    '氛围灯',
    '电吸门',
    '碳纤维尾翼',
    '绞牙避震',
    '大尾翼',
    '电动踏板',
    '前唇',
  ],
  nextMod: ['隐形车衣', '碳纤维套件', '音响升级', '电动尾门', '绞牙避震'],
  caliperColor: ['红色', '黄色', '荧光绿', '橙色'],
  angle: ['四十五度角', '低机位', '正侧面', '俯拍'],
  time: ['清晨六点', '傍晚', '下过雨之后', '晚上十点'],
  roadIssue: ['烂路', '碎石路', '连续弯道', '修路单向通行'],
  otaFeature: ['FSD V12', '车道级导航', '全新车机界面', '自动泊车', '哨兵模式优化', '盲区监测'],
  teslaTip: ['哨兵模式的正确打开方式', '超充高峰期避坑指南', '车机隐藏功能合集', '续航显示到底准不准'],
  topic: ['充电桩怎么装', '电车保险怎么买', '冬天怎么开最省电', '电池保养的五个误区', '第一次跑长途要注意什么'],
} as const;

/**
 * Top-level comments under a post: ones for its theme and ones that fit any post. The
 * {slots} are filled from the commenter's own car and city (and the post's spot).
 */
export const COMMENT_TEMPLATES = {
  any: [
    '拍得真好看，收藏了',
    '太羡慕了，什么时候我也能安排上',
    '楼主用心了，写得很详细👍',
    '同款{car}车主路过，深有同感',
    '学到了，感谢分享',
    '这个角度绝了',
    '已收藏，回头慢慢看',
    '{city}的车友来报个到',
    '看完马上想出门开一圈',
    '干货满满，建议置顶',
    '第一次刷到这么实在的分享',
    '点赞支持一下，期待下一期',
    '请问是在{city}哪里拍的？',
    '我家{car}也是这个颜色，越看越喜欢',
  ],
  mod: [
    '这套{wheelSize}寸轮毂多少钱？求个价',
    '{filmColor}太好看了，贴膜一共花了多少？',
    '师傅手艺不错，边角处理得很干净',
    '降低之后过减速带会不会托底？',
    '我也在纠结要不要上{modPart}，看完心动了',
    '{filmBrand}的膜质保几年？我也想贴',
    '改完记得去备案，年检省心',
    '卡钳颜色配得好，有质感',
  ],
  beauty: [
    '这颜色在阳光下太出片了',
    '洗得真干净，用的什么洗车液？',
    '壁纸已保存📱',
    '{filmColor}配这台车真的绝',
    '每次看到{car}的尾灯都觉得好看',
    '构图好讲究，是手机拍的吗？',
    '天好车好人也好，周末愉快',
  ],
  travel: [
    '{spot}我也去过，风景确实一绝',
    '路上充电好找吗？有没有排队？',
    '请问全程多少公里，电耗大概多少？',
    '收藏路书，下个假期就出发',
    '自驾这条线要准备几天比较从容？',
    '高海拔续航掉得厉害吗？',
    '看得我也想请年假出发了',
    '露营那段太治愈了，求营地位置',
  ],
  tesla: [
    '超充现在高峰期还要排队吗？',
    '最新的OTA你们都推送了吗？',
    '哨兵模式开一晚上掉多少电？',
    '提车{months}个月了，越开越喜欢',
    '自动泊车现在成功率高不高？',
    '同款车主，续航显示确实偏乐观一点',
    'FSD那段看得我心痒痒',
  ],
  exp: [
    '冬天续航我这边打个{winter}折，差不多',
    '家充装了之后真的回不去了',
    '学到了，原来预热电池这么重要',
    '新手必看，已转给刚提车的朋友',
    '保养这块说得很实在，没有乱收费',
    '轮胎换的什么牌子？静音怎么样？',
    '我也开了{months}个月，电池衰减几乎看不出来',
    '日常充到八成就拔枪，这个习惯好',
  ],
} as const;

/** The post's author thanking for a comment under their post. */
export const AUTHOR_THANKS = [
  '谢谢喜欢～',
  '哈哈过奖了，随手拍的',
  '谢谢支持，下期安排上',
  '感谢认可🙏',
  '一起交流，有问题随时问',
];

/** The post's author answering a question (a comment ending in ？) under their post. */
export const AUTHOR_ANSWERS = [
  '在{city}做的，店名私信发你',
  '整套下来{price}元左右，可以参考',
  '不用排队，晚上去基本都有空位',
  '跑了{km}公里了，目前没什么问题',
  '是的，提前规划好充电点就很轻松',
  '手机拍的，后期只调了一点亮度',
  '用了{days}天左右，不赶时间的话够了',
  '有问题随时问，知道的都告诉你',
];

/** Another user chiming in under someone's comment. */
export const REPLIES = [
  '同问',
  '+1，我也想知道',
  '{car}车主路过，确实是这样',
  '我之前也遇到过，后来去门店看了下就好了',
  '同感，开久了就习惯了',
  '蹲一个答案',
  '这个我有经验，提前预约就行',
  '哈哈哈说到心坎里了',
  '{city}这边也差不多',
];

/** Answering someone's reply (the page shows whom it answers). */
export const REPLY_ANSWERS = [
  '好的，谢谢！',
  '收到，回头去看看',
  '哈哈有道理',
  '明白了，感谢解答🙏',
  '原来如此，学到了',
  '那我也去试试',
  '说得对，我补充一句：冬天记得预热电池',
  '好嘞，周末就去',
];
