export const LAYOUT_MESSAGES = {
  tagline: '电动车车主的社区',
  home: '首页',
  recommend: '推荐',
  following: '关注',
  download: '下载App',
  publish: '发布',
  install: '安装',
  mainNav: '主导航',
  tabBar: '底部导航',
  privacyPolicy: '隐私政策',
  copyright: '© {year} 车友圈',
  backHome: '返回首页',
} as const;
