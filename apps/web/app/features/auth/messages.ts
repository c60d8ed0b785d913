/**
 * The strings of the header's login corner and logout (zh-CN), on every page; the login
 * dialog's own strings load with it (login-messages.ts).
 */
export const AUTH_MESSAGES = {
  // Guard messages (SPEC.md §2, §5)
  requireLogin: '该操作需要登录',
  followRequireLogin: '请先登录',

  loginSuccess: '登录成功',

  // Header
  login: '登录',
  accountMenu: '账号菜单',
  myProfile: '我的主页',
  settings: '设置',
  /** Admins only: the moderation queue (/admin/reports). */
  moderation: '举报处理',
  /** Admins only: the shop's admin (/admin/products). */
  shopAdmin: '商品管理',
  logout: '退出登录',
  loggedOut: '已退出登录',
  logoutFailed: '退出登录失败，请稍后再试',
  me: '我的',
} as const;
