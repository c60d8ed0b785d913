import { describe, expect, it } from 'vitest';
import { indexTerms, MAX_INDEX_TERMS, MAX_QUERY_TERMS, queryTerms } from './segment.ts';

const texts = (query: string) => queryTerms(query).map((term) => term.text);

describe('index terms', () => {
  it('holds jieba words, every character and every bigram of Chinese text', () => {
    const terms = indexTerms('比亚迪海豹续航实测');
    expect(terms).toEqual(expect.arrayContaining(['比亚迪', '海豹', '续航', '实测']));
    expect(terms).toEqual(expect.arrayContaining(['比', '亚', '迪', '海', '豹', '续', '航', '实', '测']));
    expect(terms).toEqual(expect.arrayContaining(['比亚', '亚迪', '迪海', '海豹', '豹续', '续航', '航实', '实测']));
  });

  it('holds the pinyin and initials of Chinese words', () => {
    const terms = indexTerms('特斯拉 冬季续航');
    expect(terms).toEqual(expect.arrayContaining(['tesila', 'tsl', 'dongji', 'dj', 'xuhang', 'xh']));
    // The whole run read as one word, for names and typing as you go.
    expect(terms).toEqual(expect.arrayContaining(['dongjixuhang', 'djxh']));
  });

  it('reads pinyin in context and writes ü as v', () => {
    expect(indexTerms('重庆')).toContain('chongqing');
    expect(indexTerms('绿色')).toContain('lvse');
  });

  it('gives no one-letter initials for a lone character', () => {
    expect(indexTerms('桩')).toEqual(['桩', 'zhuang']);
  });

  it('keeps characters beyond the BMP whole, never a lone surrogate (found by the contract fuzzing)', () => {
    // 𠀀 (U+20000) has no pinyin: it stands for itself, and its "initial" was its first UTF-16 unit.
    const lone = /[\uD800-\uDFFF]/u;
    for (const text of ['¡𠀀', '𠀀', '𠮷野家', '野𠮷']) {
      const terms = indexTerms(text);
      expect(terms.some((term) => lone.test(term))).toBe(false);
      expect(terms.every((term) => /^[a-z0-9\p{Script=Han}]+$/u.test(term))).toBe(true);
    }
    expect(indexTerms('𠀀')).toEqual(['𠀀']);
  });

  it('lower-cases Latin words and numbers, splits letters from digits, joins "Model Y"', () => {
    expect(indexTerms('特斯拉 Model Y')).toEqual(expect.arrayContaining(['model', 'y', 'modely']));
    expect(indexTerms('FSD 和 Wallbox')).toEqual(expect.arrayContaining(['fsd', 'wallbox']));
    expect(indexTerms('小米SU7')).toEqual(expect.arrayContaining(['su7', 'su', '7']));
    expect(indexTerms('ＡＢＣ１２３')).toEqual(['abc123', 'abc', '123']);
  });

  it('leaves out punctuation, emoji and spaces', () => {
    const terms = indexTerms('续航！！😀 a&b, <c> 「好」');
    expect(terms.every((term) => /^[a-z0-9\p{Script=Han}]+$/u.test(term))).toBe(true);
    expect(terms).toEqual(expect.arrayContaining(['续航', 'a', 'b', 'c', '好']));
  });

  it('caps the terms of a long text', () => {
    const long = Array.from({ length: 30_000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join(
      '',
    );
    const terms = indexTerms(long);
    expect(terms.length).toBe(MAX_INDEX_TERMS);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('is empty for no text', () => {
    expect(indexTerms('')).toEqual([]);
    expect(indexTerms(null)).toEqual([]);
    expect(indexTerms('！？…… 😀')).toEqual([]);
  });
});

describe('query terms', () => {
  it('keeps a one- or two-character Chinese query whole', () => {
    expect(queryTerms('续')).toEqual([{ text: '续', prefix: false }]);
    expect(queryTerms('海豹')).toEqual([{ text: '海豹', prefix: false }]);
  });

  it('needs every bigram of a longer Chinese query', () => {
    expect(texts('特斯拉')).toEqual(['特斯', '斯拉']);
    expect(texts('比亚迪海豹')).toEqual(['比亚', '亚迪', '迪海', '海豹']);
  });

  it('lower-cases Latin words, the last one a prefix while typing', () => {
    expect(queryTerms('Model Y')).toEqual([
      { text: 'model', prefix: false },
      { text: 'y', prefix: true },
    ]);
    expect(queryTerms('tesila ')).toEqual([{ text: 'tesila', prefix: false }]);
    expect(queryTerms('Model Y 续航')).toEqual([
      { text: 'model', prefix: false },
      { text: 'y', prefix: false },
      { text: '续航', prefix: false },
    ]);
  });

  it('drops tsquery syntax and duplicates', () => {
    expect(texts('a & !b | c:* \' " \\')).toEqual(['a', 'b', 'c']);
    expect(texts('续航 续航 <-> (续航)')).toEqual(['续航']);
    expect(queryTerms('&|!:*()')).toEqual([]);
    expect(queryTerms('')).toEqual([]);
  });

  it('caps the terms of a long query', () => {
    expect(queryTerms('a b c d e f g h i j k l m n o p q r s t u v w')).toHaveLength(MAX_QUERY_TERMS);
  });
});
