export const ERROR_MESSAGES = {
  notFoundTitle: '页面不存在',
  notFoundHint: '你访问的页面可能已被删除，或者链接有误。',
  errorTitle: '出错了',
  errorHint: '页面加载时出现问题，请稍后再试。',
  backHome: '返回首页',
  reload: '重新加载',
  notFoundDocumentTitle: '页面不存在 - 车友圈',
  errorDocumentTitle: '出错了 - 车友圈',
} as const;
