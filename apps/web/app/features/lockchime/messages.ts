/** Wording of /lockchime: the lock-chime maker, audio extraction and shared chimes (zh-CN). */
export const LOCKCHIME_MESSAGES = {
  pageTitle: '特斯拉锁车音制作 · 音频提取 - 车友圈',
  pageDescription:
    '在浏览器里把任意音频或视频做成特斯拉锁车音 LockChime.wav：选取片段、淡入淡出、音量标准化，一键下载；也可以提取视频里的音频，或下载车友分享的热门锁车音。',
  heading: '锁车音制作',
  intro: '把喜欢的声音做成特斯拉锁车提示音，全程在浏览器里完成，文件不会上传。',
  tabsLabel: '工具',
  tabChime: '做锁车音',
  tabExtract: '提取音频',
  toolLoading: '正在加载工具…',
  // Source
  pickFile: '选择音频或视频文件',
  dropHint: '或把文件拖到这里',
  sourceFromPost: '来自帖子的视频',
  sourceFromChime: '来自车友分享的锁车音「{title}」',
  sourceName: '当前文件：{name}',
  loadSource: '使用这个视频',
  changeFile: '换一个文件',
  postNotVideo: '这个帖子没有视频',
  postMissing: '帖子不存在或已删除',
  // Editor
  waveformLabel: '波形（已选片段高亮）',
  startLabel: '开始位置',
  endLabel: '结束位置',
  seconds: '{value} 秒',
  selection: '已选 {length} 秒（最长 {max} 秒）',
  maxHint: '锁车音须小于 1 MB：44.1 kHz 立体声 16 位最长约 {max} 秒，超出部分无法选中。',
  fadeIn: '淡入（毫秒）',
  fadeOut: '淡出（毫秒）',
  normalize: '音量标准化（峰值 −1 dBFS）',
  play: '试听选中片段',
  stop: '停止',
  fileSize: '文件大小 {size}',
  download: '下载 LockChime.wav',
  // Share
  shareHeading: '分享给车友',
  shareTitleLabel: '锁车音名称',
  shareTitlePlaceholder: '例如：星战光剑',
  shareButton: '分享到特斯拉话题',
  sharing: '正在分享…',
  shared: '已分享，车友可以在热门锁车音里找到它',
  viewPost: '查看帖子',
  shareLogin: '登录后可以把锁车音分享给车友',
  loginButton: '登录',
  titleRequired: '请填写锁车音名称',
  // Extract
  extractIntro: '把视频或音频里的声音完整提取为 WAV（44.1 kHz、立体声、16 位）。',
  extractButton: '提取音频',
  extractDone: '提取完成：{duration} 秒，{size}',
  downloadWav: '下载 WAV',
  // Instructions
  stepsHeading: '如何在车上使用',
  steps: [
    '准备一个 U 盘，格式化为 FAT32 或 exFAT。',
    '把下载的文件命名为 LockChime.wav（大小写一致），放在 U 盘的根目录，不要放进文件夹。',
    '把 U 盘插入车内的 USB 口（建议用手套箱里的 USB 口）。',
    '在中控屏打开「玩具箱 → 声浪 → 锁车提示音」，选择「USB」。',
    '锁车时即可听到新的提示音。',
  ],
  stepsNote: '需要车辆配备外部扬声器并支持声浪（Boombox）功能；各地区、车型和软件版本可能不同，以车辆实际为准。',
  // Shared chimes
  popularHeading: '热门锁车音',
  popularEmpty: '还没有车友分享锁车音，做一个分享出来吧',
  popularFailed: '热门锁车音加载失败',
  retry: '重试',
  loadMore: '加载更多',
  byline: '{nickname} · {duration} 秒 · {downloads} 次下载',
  preview: '试听「{title}」',
  stopPreview: '停止试听「{title}」',
  downloadChime: '下载「{title}」',
  downloadFailed: '下载失败，请稍后重试',
  useChime: '用它来编辑',
  deleteChime: '删除',
  deleted: '已删除',
  chimeMissing: '这个锁车音不存在或已删除',
  sharedChime: '车友分享的锁车音',
} as const;

/** A size in bytes as people read it, never rounded up past a limit: 999 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.floor(bytes / 1000))} KB`;
  return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}

/** Seconds with one decimal: 5.6. */
export function formatSeconds(ms: number): string {
  return (Math.floor(ms / 100) / 10).toFixed(1);
}
