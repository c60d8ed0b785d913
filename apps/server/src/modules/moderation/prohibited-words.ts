import { AppError } from '@evcircle/contract';

/**
 * Words no nickname, bio or post may contain.
 *
 * Where the list came from: written by this project's engineers for 车友圈 (not copied
 * from any published or copyrighted list). It holds only the obvious cases a community
 * of car owners sees: personal abuse, spam and advertising that pulls people off the
 * site (contact hand-offs, gambling, fake invoices, "part-time jobs"), illegal goods,
 * sexual solicitation and political spam. It is deliberately short: a word that also
 * occurs in ordinary sentences (e.g. `sb` inside `usb`) is left out, because a false
 * refusal is worse here than a miss that moderation can still remove.
 *
 * Matching is done on normalised text (see normalizeForMatching), so the entries are
 * written lower-case, without spaces or punctuation.
 */
export const PROHIBITED_WORDS: readonly string[] = [
  // Abuse
  '傻逼',
  '煞笔',
  '傻屄',
  '操你妈',
  '草泥马',
  '日你妈',
  '你妈逼',
  '去你妈的',
  '狗日的',
  '王八蛋',
  '死全家',
  '贱人',
  '婊子',
  '杂种',
  '脑残',
  'fuck',
  // Advertising and hand-offs to other channels
  '加微信',
  '加我微信',
  '加vx',
  '加wx',
  '加qq',
  '微信号',
  'vx号',
  '刷单',
  '兼职日结',
  '日赚',
  '网赚',
  '代开发票',
  '办假证',
  '信用卡套现',
  '贷款秒批',
  // Gambling
  '网赌',
  '博彩',
  '百家乐',
  '六合彩',
  // Sexual solicitation and illegal goods or services
  '裸聊',
  '约炮',
  '援交',
  '色情',
  '代孕',
  '冰毒',
  '海洛因',
  '出售枪支',
  '迷药',
  // Political spam
  '法轮功',
  '台独',
  '藏独',
  '疆独',
  '颠覆国家政权',
];

/** Zero-width characters people slip between letters to dodge a filter. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
/** Whitespace, punctuation and symbols: `加 微 信`, `加-微-信` and `加*微*信` all read 加微信. */
const SEPARATORS = /[\s\p{P}\p{S}]/gu;

/**
 * The form text is matched in: NFKC (full-width letters and digits become ASCII),
 * lower-case, with invisible characters, whitespace, punctuation and symbols removed.
 */
export function normalizeForMatching(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(INVISIBLE, '').replace(SEPARATORS, '');
}

const NORMALIZED_WORDS = PROHIBITED_WORDS.map(normalizeForMatching);

/** The first prohibited word `text` contains, or null. */
export function findProhibitedWord(text: string): string | null {
  const normalized = normalizeForMatching(text);
  if (normalized === '') return null;
  const index = NORMALIZED_WORDS.findIndex((word) => normalized.includes(word));
  return index === -1 ? null : (PROHIBITED_WORDS[index] ?? null);
}

/**
 * Throws CONTENT_PROHIBITED when `text` contains a prohibited word. `field` names the
 * input in the error's data ({field}) so a form can mark it; the word itself is not
 * echoed back.
 */
export function assertNoProhibitedWords(text: string, field: string): void {
  if (findProhibitedWord(text) !== null) throw new AppError('CONTENT_PROHIBITED', {}, { field });
}
