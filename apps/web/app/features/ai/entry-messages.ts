/**
 * Words of the AI tools that other pages carry in their first load (zh-CN): the tools'
 * names on the tools hub (/tesla-tools) and the settings section's title. Apart from
 * messages.ts, the /ai page's, which those pages should not carry (and 翻译's are in
 * translate-messages.ts).
 */
export const AI_ENTRY_MESSAGES = {
  // The tools' names (the /ai page's cards, the tools hub on /tesla-tools)
  toolImage: 'AI 绘画',
  toolVideo: 'AI 视频',
  toolAvatar: 'AI 头像',
  // The settings section
  avatarSection: 'AI 头像',
} as const;
