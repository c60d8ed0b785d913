/**
 * Words of the Tesla owner's tools hub on /tesla-tools (zh-CN). The AI tools' names are
 * the AI feature's own (AI_ENTRY_MESSAGES), so a card says what the page it opens says.
 */
export const TOOLS_MESSAGES = {
  // The page (its title and description meta tag, its heading)
  documentTitle: '特斯拉车主工具 - 车友圈',
  heading: '特斯拉车主工具',
  description: '特斯拉车主工具：锁车音制作、音频提取、AI 绘画与视频，以及车主们的玩车分享。',
  // The hub
  hubLabel: '车主工具',
  lockChime: '锁车音制作',
  lockChimeHint: '截取一段音乐，做成车辆锁车提示音',
  extractAudio: '音频提取',
  extractAudioHint: '从视频中提取音频，保存为 WAV',
  aiImageHint: '输入一句话，生成一张图片',
  aiVideoHint: '用文字描述，生成一段短视频',
  aiAvatarHint: '为你的账号生成专属头像',
  // The feed under the hub
  feedHeading: '{theme}车友分享',
} as const;
