// Shared text handling of the search engine: normalisation, splitting into Chinese runs
// and Latin words, the jieba segmenter (loaded once, on first use) and pinyin.
import { createRequire } from 'node:module';
import type { Jieba } from '@node-rs/jieba';
import { pinyin } from 'pinyin-pro';

/** A Latin word longer than this is not a word anyone searches for: left out. */
export const MAX_WORD_LENGTH = 40;

const HAN = /\p{Script=Han}/u;
const HAN_RUNS = /\p{Script=Han}+/gu;
const LATIN_WORDS = /[a-z0-9]+/g;

/** One piece of a text: a run of Chinese characters or a Latin word (letters and digits). */
export type Piece = { kind: 'han' | 'latin'; text: string; start: number; end: number };

/**
 * Full-width forms to ASCII (ＡＢＣ１２３ → abc123) and lower case, one code unit for one:
 * positions in the result are positions in the input, so highlights can map back.
 * Anything else (punctuation, emoji, spaces) is kept as is and ignored by `pieces`.
 */
export function normalize(text: string): string {
  const ascii = text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const lower = ascii.toLowerCase();
  if (lower.length === ascii.length) return lower;
  // A few characters change length in lower case (İ): those stay as they are.
  return Array.from(ascii, (c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
}

/** The Chinese runs and Latin words of a text, in order, with their positions. */
export function pieces(text: string): Piece[] {
  const normalized = normalize(text);
  const found: Piece[] = [];
  for (const m of normalized.matchAll(HAN_RUNS)) {
    found.push({ kind: 'han', text: m[0], start: m.index, end: m.index + m[0].length });
  }
  for (const m of normalized.matchAll(LATIN_WORDS)) {
    found.push({ kind: 'latin', text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

export function isHan(text: string): boolean {
  return HAN.test(text);
}

let jieba: Jieba | undefined;

/** jieba with its default dictionary, loaded on first use (about 150 ms, once per process). */
function segmenter(): Jieba {
  if (!jieba) {
    const require = createRequire(import.meta.url);
    const { Jieba: JiebaClass } = require('@node-rs/jieba') as typeof import('@node-rs/jieba');
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = JiebaClass.withDict(dict);
  }
  return jieba;
}

/** Search-mode words of a Chinese run: words and the dictionary words inside them (比亚, 比亚迪). */
export function hanWords(run: string): string[] {
  return segmenter()
    .cutForSearch(run, true)
    .filter((word) => isHan(word));
}

/** Toneless pinyin syllables of Chinese text, read in context (ü written v): 特斯拉 → te si la. */
export function syllables(text: string): string[] {
  return pinyin(text, { toneType: 'none', type: 'array', v: true }).map((s) => s.toLowerCase());
}

/**
 * A syllable's first character: a whole code point, as a character with no pinyin (𠀀,
 * beyond the BMP) stands for itself and its first UTF-16 unit alone is a lone surrogate
 * (which made indexing throw; found by the contract fuzzing, issue 22).
 */
export function initialOf(syllable: string): string {
  const first = syllable.codePointAt(0);
  return first === undefined ? '' : String.fromCodePoint(first);
}

/** A word's full pinyin joined and its initials: 特斯拉 → tesila, tsl. */
export function pinyinForms(word: string): { full: string; initials: string } {
  const parts = syllables(word);
  return { full: parts.join(''), initials: parts.map(initialOf).join('') };
}
