/** Wording of audio extraction (zh-CN); the three errors are SPEC.md §8's. */
export const AUDIO_MESSAGES = {
  ffmpegLoadFailed: '无法加载FFmpeg模块',
  ffmpegInitFailed: 'FFmpeg初始化失败',
  extractFailed: '音频提取失败',
  fetchFailed: '视频下载失败，请检查网络后重试',
  stageReading: '正在读取文件',
  stageDecoding: '正在解码音频',
  stageLoadingFfmpeg: '正在加载 FFmpeg 解码模块（约 10 MB，仅首次需要）',
  stageFfmpeg: '正在用 FFmpeg 提取音频',
  stageEncoding: '正在生成 WAV',
} as const;
