import { AppError } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import {
  assertNoProhibitedWords,
  findProhibitedWord,
  normalizeForMatching,
  PROHIBITED_WORDS,
} from './prohibited-words.ts';

describe('prohibited words', () => {
  it('finds a listed word anywhere in the text', () => {
    expect(findProhibitedWord('有需要的加微信聊')).toBe('加微信');
    expect(findProhibitedWord('你就是个傻逼')).toBe('傻逼');
    expect(findProhibitedWord('周末一起去自驾')).toBeNull();
    expect(findProhibitedWord('')).toBeNull();
  });

  it('sees through spaces, punctuation, symbols, zero-width characters, full-width letters and case', () => {
    expect(findProhibitedWord('加 微 信')).toBe('加微信');
    expect(findProhibitedWord('加*微-信！')).toBe('加微信');
    expect(findProhibitedWord('加\u200b微\u200d信')).toBe('加微信');
    expect(findProhibitedWord('加ＶＸ')).toBe('加vx');
    expect(findProhibitedWord('FuCk')).toBe('fuck');
  });

  it('leaves ordinary words that merely contain letters of an entry alone', () => {
    expect(findProhibitedWord('USB 接口充电很方便')).toBeNull();
    expect(findProhibitedWord('微信支付也可以充电')).toBeNull();
  });

  it('keeps every entry already in normalised form, so none can never match', () => {
    for (const word of PROHIBITED_WORDS) expect(normalizeForMatching(word)).toBe(word);
  });

  it('throws CONTENT_PROHIBITED naming the field', () => {
    expect(() => assertNoProhibitedWords('正常的简介', 'bio')).not.toThrow();
    const error = (() => {
      try {
        assertNoProhibitedWords('网赌日赚千元', 'bio');
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONTENT_PROHIBITED', data: { field: 'bio' } });
  });
});
