/**
 * Words of the AI tools that other pages carry in their first load (zh-CN): the Tesla
 * page's 工具 strip and the settings section's title. Apart from messages.ts, the /ai
 * page's, which those pages should not carry (and 翻译's are in translate-messages.ts).
 */
export const AI_ENTRY_MESSAGES = {
  // The Tesla page's strip
  tools: '工具',
  toolImage: 'AI 绘画',
  toolVideo: 'AI 视频',
  toolAvatar: 'AI 头像',
  // The settings section
  avatarSection: 'AI 头像',
} as const;
