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
} as const;
