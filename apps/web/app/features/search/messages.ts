/** Every user-visible string of the search page (zh-CN). */
export const SEARCH_MESSAGES = {
  // Document
  title: '搜索 - 车友圈',
  resultTitle: '搜索“{word}” - 车友圈',
  description: '在车友圈搜索帖子、车友和商品：用车经验、改装、续航、充电，还有车主们挑的好物。',
  heading: '搜索',
  // The input
  searchLabel: '搜索帖子、用户和商品',
  placeholder: '搜索帖子、用户、商品',
  submit: '搜索',
  clear: '清除搜索词',
  suggestions: '搜索建议',
  historyWord: '搜索记录',
  hotWord: '热门搜索',
  people: '用户',
  products: '商品',
  // Before typing
  history: '搜索历史',
  clearHistory: '清空',
  clearHistoryTitle: '清空搜索历史？',
  clearHistoryHint: '清空后，你的搜索记录将无法恢复。',
  clearHistoryConfirm: '清空',
  deleteWord: '删除搜索记录“{word}”',
  deleteFailed: '删除失败，请稍后重试',
  clearFailed: '清空失败，请稍后重试',
  hot: '热门搜索',
  recommend: '猜你喜欢',
  // Results
  tabs: '搜索结果分类',
  tabPost: '帖子',
  tabUser: '用户',
  tabProduct: '商品',
  postResults: '“{word}”的帖子',
  userResults: '“{word}”的用户',
  productResults: '“{word}”的商品',
  empty: '没有找到“{word}”相关的{what}',
  emptyHint: '无结果：换个词试试',
} as const;
