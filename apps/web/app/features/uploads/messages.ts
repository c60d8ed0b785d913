/** Wording of media uploads (zh-CN, reviewed in one place). */
export const UPLOADS_MESSAGES = {
  /** SPEC.md §8: the token call failed. */
  tokenFailed: '获取上传凭证失败',
  uploadFailed: '上传失败，请稍后重试',
  network: '网络异常，上传失败，请检查网络后重试',
  aborted: '上传已取消',
  notConfigured: '页面尚未准备好，请刷新后重试',
} as const;
