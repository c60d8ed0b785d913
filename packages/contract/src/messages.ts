/** zh-CN messages the client shows (SPEC.md §8). Server messages live in errors.ts. */
export const CLIENT_MESSAGES = {
  httpError: 'HTTP error! Status: {code}',
  apiError: 'API错误: {status}',
  notLoggedIn: '用户未登录',
  loginRequired: '该操作需要登录',
  pleaseLogin: '请先登录',
  pageNotFound: 'Page not found: {path}',
  network: '网络异常，请检查网络后重试',
} as const;

/** Fills `{name}` placeholders of a message. Unknown placeholders stay as they are. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
