export const LINKS_MESSAGES = {
  title: '即将离开车友圈',
  hint: '你即将访问车友圈以外的网站。它的内容不由车友圈提供，请留意账号和财产安全，不要在陌生网站输入验证码或密码。',
  destination: '目标网址',
  continue: '继续访问',
  back: '返回',
  refusedTitle: '无法打开这个链接',
  refusedMissing: '没有要打开的链接。',
  refusedScheme: '只能打开以 http:// 或 https:// 开头的网页链接。',
  refusedInvalid: '链接格式不正确。',
  refusedTooLong: '链接过长，无法打开。',
  backHome: '返回首页',
} as const;
