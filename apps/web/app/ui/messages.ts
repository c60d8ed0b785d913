/** Wording of the shared primitives (zh-CN, reviewed in one place). */
export const UI_MESSAGES = {
  brand: '车友圈',
  close: '关闭',
  cancel: '取消',
  backHome: '返回首页',
  vip: 'VIP',
  vipLabel: 'VIP 会员',
  // The … button of posts, comments and profiles (its menu's items are the reports feature's)
  more: '更多',
  moreFor: '更多操作：{name}',
  // Under a list that loads its next page as it scrolls
  loadingMore: '正在加载更多…',
  end: '没有更多了',
  loadFailed: '加载失败，请检查网络后重试',
  retry: '重试',
  // Under a list with a 加载更多 button
  loadMore: '加载更多',
  loading: '正在加载…',
  loadMoreFailed: '加载失败，点击重试',
  // A quantity stepper
  quantity: '数量',
  decrease: '减少数量',
  increase: '增加数量',
} as const;
