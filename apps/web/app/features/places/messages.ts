/** Every string of the nearby places (附近的充电站和门店) the composer offers, in one place for review. */
export const PLACES_MESSAGES = {
  heading: '附近的充电站和门店',
  headingMatching: '附近匹配「{word}」的充电站和门店',
  pickHint: '点选即可填入',
  loading: '正在查找附近的充电站和门店…',
  empty: '附近 10 公里内暂无充电站和门店',
  failed: '附近的门店加载失败',
  reload: '重新加载',
  metres: '{n} 米',
  kilometres: '{n} 公里',
  /** A picked place as the post shows it: 上海·特斯拉超级充电站（来福士广场）. */
  placeText: '{city}·{name}',
} as const;
