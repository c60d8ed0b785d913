/** Site-wide wording: document title, description, app name. */
export const SITE_MESSAGES = {
  title: '车友圈 — 电动车车主的社区',
  shortName: '车友圈',
  description: '车友圈是电动车车主的社区：分享改装、颜值、旅行、用车经验和特斯拉玩法，关注同好，发现身边的车友。',
  pageTitle: '{page} - 车友圈',
} as const;
