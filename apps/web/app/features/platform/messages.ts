export const PLATFORM_MESSAGES = {
  newVersion: '发现新版本',
  refresh: '刷新',
} as const;
