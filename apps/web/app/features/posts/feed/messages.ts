export const FEED_MESSAGES = {
  feedLabel: '推荐帖子',
  documentTitle: '车友圈 — 电动车车主的社区',
  empty: '还没有帖子',
  emptyHint: '车友们的分享会出现在这里，稍后再来看看吧。',
  loadFailed: '加载失败，请检查网络后重试',
  retry: '重试',
  video: '视频',
  likes: '{count} 赞',
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
