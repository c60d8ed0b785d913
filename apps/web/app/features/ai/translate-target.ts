/** Han characters (CJK unified ideographs, extension A, compatibility). */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
/** Kana and Hangul: Japanese or Korean, however many Han characters it also holds. */
const KANA_HANGUL = /[\u3040-\u30ff\uac00-\ud7af]/;
/** Letters of other scripts (Latin, Cyrillic, Greek …). */
const OTHER_LETTERS = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/g;

/**
 * The language 翻译 asks for: Chinese (the default target), or English for text that is
 * Chinese already (mostly Han characters, and neither kana nor Hangul).
 */
export function translateTargetOf(text: string): 'zh' | 'en' {
  if (KANA_HANGUL.test(text)) return 'zh';
  const han = text.match(HAN)?.length ?? 0;
  const other = text.match(OTHER_LETTERS)?.length ?? 0;
  // A Latin letter is about a fifth of a word; a Han character is one.
  return han > 0 && han * 4 >= other ? 'en' : 'zh';
}
