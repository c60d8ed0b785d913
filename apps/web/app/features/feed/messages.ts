export const FEED_MESSAGES = {
  feedLabel: '推荐帖子',
  documentTitle: '车友圈 — 电动车车主的社区',
  empty: '还没有帖子',
  emptyHint: '车友们的分享会出现在这里，稍后再来看看吧。',
  loading: '正在加载更多…',
  end: '没有更多了',
  loadFailed: '加载失败，请检查网络后重试',
  retry: '重试',
  video: '视频',
  likes: '{count} 赞',
  tenThousand: '{n}万',
  // Pull-to-refresh (phones)
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放刷新',
  refreshing: '正在刷新…',
  refreshFailed: '刷新失败，请稍后再试',
  // Theme feeds
  themeFeedLabel: '{theme}帖子',
  themeDocumentTitle: '{theme} - 车友圈',
  themeEmpty: '这个话题还没有帖子',
  themeEmptyHint: '发布第一篇{theme}分享吧。',
} as const;

/** Names and one-line descriptions of the theme feeds. */
export const THEME_MESSAGES = {
  mod: { label: '改装', description: '车友们的改装案例：轮毂、包围、灯光、内饰与性能升级。' },
  beauty: { label: '颜值', description: '好看的车、好看的照片：车友们的颜值大片与美容心得。' },
  travel: { label: '旅行', description: '开着电车去远方：自驾路线、充电攻略和沿途风景。' },
  tesla: { label: '特斯拉', description: '特斯拉车主的玩车分享：功能技巧、配件和用车日常。' },
  exp: { label: '经验', description: '真实车主的用车经验：续航、充电、保养与避坑。' },
} as const;
