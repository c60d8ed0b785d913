/**
 * Words of the 翻译 action of posts and comments (zh-CN), in a module of their own: the
 * post's first load carries them, and nothing else of the AI tools.
 */
export const TRANSLATE_MESSAGES = {
  translate: '翻译',
  translateToEnglish: '译为英文',
  translating: '翻译中…',
  translatedFrom: '译自{lang}',
  translation: '译文',
  collapse: '收起',
  translateFailed: '翻译失败，请稍后再试',
} as const;
