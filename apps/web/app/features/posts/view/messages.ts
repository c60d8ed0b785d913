/** Every user-visible string of the post page, the post modal and their buttons (zh-CN). */
export const POST_MESSAGES = {
  // Document
  documentTitle: '{title} - 车友圈',
  untitled: '车友圈的分享',
  descriptionFallback: '{name} 在车友圈分享了一篇帖子',
  pageHeading: '帖子详情',
  // Not found
  notFoundTitle: '帖子不存在或已删除',
  notFoundHint: '它可能已被作者删除，去首页看看别的分享吧。',
  notFoundDocumentTitle: '帖子不存在 - 车友圈',
  // Header and author
  back: '返回',
  close: '关闭',
  authorProfile: '{name} 的主页',
  // Body
  checkin: '打卡',
  location: '位置：{location}',
  publishedAt: '发布于 {time}',
  theme: '话题：{theme}',
  // Media
  media: '帖子图片',
  zoomHint: '双指缩放，双击放大',
  video: '帖子视频',
  videoUnsupported: '你的浏览器无法播放这个视频',
  // Actions
  like: '点赞',
  unlike: '取消点赞',
  likes: '{count} 赞',
  likeFailed: '操作失败，请稍后再试',
  comments: '评论',
  commentCount: '{count} 条评论',
  share: '分享',
  shareTitle: '分享帖子',
  shareLink: '帖子链接',
  qrAlt: '帖子链接的二维码',
  // Modal
  modalLabel: '帖子',
  previous: '上一篇',
  next: '下一篇',
  loadFailed: '帖子加载失败',
  retry: '重试',
  loading: '正在加载…',
} as const;
