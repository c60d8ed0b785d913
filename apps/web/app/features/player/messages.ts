/**
 * The strings of the player's cover (poster and play button), apart: they are on the first
 * load of every page with a video, the rest loads with the player.
 */
export const PLAYER_COVER_MESSAGES = {
  playNamed: '播放：{label}',
  loading: '加载中…',
  youtube: 'YouTube',
  bilibili: '哔哩哔哩',
} as const;

/** Every other user-visible string of the video player (zh-CN). */
export const PLAYER_MESSAGES = {
  ...PLAYER_COVER_MESSAGES,
  // The controls' own labels come from media-chrome's zh-CN translation.
  progress: '播放进度',
  progressText: '{current} / {duration}',
  seekBack: '后退 {seconds} 秒',
  seekForward: '前进 {seconds} 秒',
  captionsTrack: '中文字幕',
  failed: '视频无法播放，请稍后再试',
  // Video-site embeds (SPEC.md §8: the site player's error codes)
  embedTitle: '{site} 视频',
  openOnSite: '在 {site} 打开',
  youtubeError2: '视频链接参数无效，无法播放',
  youtubeError5: '该视频无法在网页播放器中播放',
  youtubeError100: '视频不存在，或已被删除、设为私享',
  youtubeError101: '视频所有者不允许在其他网站播放此视频',
  youtubeError150: '视频所有者不允许在其他网站播放此视频',
  embedFailed: '视频网站的播放器出错了，请稍后再试',
  // Ad pre-roll
  ad: '广告',
  adCountdown: '广告 {seconds} 秒',
  skipAd: '跳过',
  skipAdIn: '{seconds} 秒后可跳过',
  adLearnMore: '了解详情',
} as const;
