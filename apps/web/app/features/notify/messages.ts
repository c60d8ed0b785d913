/** Wording of /notification (zh-CN, reviewed in one place). The header's 通知 entry is the layout's. */
export const NOTIFY_MESSAGES = {
  documentTitle: '通知 - 车友圈',
  heading: '通知',
  tabs: '通知分类',
  tabLabels: { interaction: '互动', system: '系统', team: '车队' },
  filters: '筛选',
  all: '全部',
  actionLabels: { like: '赞', comment: '评论', reply: '回复', follow: '关注', mention: '@我' },
  systemLabels: { notice: '公告', moderation: '审核' },
  /** After a tab's or a chip's name, for screen readers. */
  unreadCount: '{count} 条未读',
  unread: '未读',
  markAllRead: '全部已读',
  markAllReadFailed: '标记已读失败，请稍后重试',
  /** A notice about a post or comment deleted since (no link, no excerpt). */
  deleted: '内容已删除',
  list: '{tab}通知',

  guestTitle: '登录后查看通知',
  guestHint: '有人赞了你、评论你、关注你，或有平台公告时，都会在这里提醒你',

  /** Empty states, by tab and filter. */
  empty: {
    interaction: { title: '暂无互动通知', hint: '有人赞、评论、回复、关注或 @ 你时，会在这里提醒你' },
    like: { title: '还没有人赞过你', hint: '发布帖子，收获车友们的赞吧' },
    comment: { title: '暂无评论', hint: '有人评论你的帖子时，会在这里提醒你' },
    reply: { title: '暂无回复', hint: '有人回复你的评论时，会在这里提醒你' },
    follow: { title: '暂无新关注', hint: '有人关注你时，会在这里提醒你' },
    mention: { title: '还没有人 @ 你', hint: '有人在帖子或评论中提到你时，会在这里提醒你' },
    system: { title: '暂无系统通知', hint: '平台公告和内容审核、举报处理的结果会在这里通知你' },
    notice: { title: '暂无公告', hint: '平台发布公告时，会在这里通知你' },
    moderation: { title: '暂无审核通知', hint: '你的内容审核结果和举报处理结果会在这里通知你' },
    team: { title: '暂无车队通知', hint: '附近有人发起车队、有车友加入你的车队，或车队取消、解散时，通知会出现在这里' },
  },
} as const;
