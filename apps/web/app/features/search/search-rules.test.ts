import { type ProductSearchHit, SEARCH_WORD_MAX_LENGTH, type UserSearchHit } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { highlightSnippet, isHighlightMarkup } from './highlight.ts';
import {
  asksForSearchFocus,
  FOCUS_SEARCH_STATE,
  normalizeSearchWord,
  readSearchAddress,
  searchHref,
} from './search-address.ts';
import { buildSuggestions, matchWords, moveActive, RECENT_WORD_LIMIT, SUGGESTED_WORD_LIMIT } from './suggestions.ts';

describe('the search address', () => {
  it('reads the word trimmed and the tab, post when missing or unknown', () => {
    expect(readSearchAddress(new URLSearchParams('word=%20续航%20&type=user'))).toEqual({ word: '续航', type: 'user' });
    expect(readSearchAddress(new URLSearchParams('word=tsl&type=product'))).toEqual({ word: 'tsl', type: 'product' });
    expect(readSearchAddress(new URLSearchParams('word=tsl'))).toEqual({ word: 'tsl', type: 'post' });
    expect(readSearchAddress(new URLSearchParams('word=tsl&type=shop'))).toEqual({ word: 'tsl', type: 'post' });
    expect(readSearchAddress(new URLSearchParams(''))).toEqual({ word: '', type: 'post' });
    expect(readSearchAddress(new URLSearchParams('word=%20%20&type=user'))).toEqual({ word: '', type: 'user' });
  });

  it('cuts a word at the longest searched, by characters (never half an emoji)', () => {
    // 🚗 is two UTF-16 units: the server counts units, so half as many fit.
    const long = '🚗'.repeat(SEARCH_WORD_MAX_LENGTH);
    const word = normalizeSearchWord(long);
    expect(word).toBe('🚗'.repeat(SEARCH_WORD_MAX_LENGTH / 2));
    expect(normalizeSearchWord(`a${long}`)).toBe(`a${'🚗'.repeat(SEARCH_WORD_MAX_LENGTH / 2 - 1)}`);
    expect(normalizeSearchWord('  Model Y  ')).toBe('Model Y');
  });

  it('builds /search?word=…&type=…, encoded, and plain /search without a word', () => {
    expect(searchHref({ word: '续航', type: 'post' })).toBe('/search?word=%E7%BB%AD%E8%88%AA&type=post');
    expect(searchHref({ word: ' a&b=c ', type: 'product' })).toBe('/search?word=a%26b%3Dc&type=product');
    expect(searchHref({ word: '   ', type: 'user' })).toBe('/search');
    // What it builds reads back the same.
    const href = searchHref({ word: 'Model Y 续航?', type: 'user' });
    expect(readSearchAddress(new URL(href, 'http://x').searchParams)).toEqual({ word: 'Model Y 续航?', type: 'user' });
  });

  it('tells the state of a search entry link from any other', () => {
    expect(asksForSearchFocus(FOCUS_SEARCH_STATE)).toBe(true);
    expect(asksForSearchFocus(null)).toBe(false);
    expect(asksForSearchFocus({ listModal: 'x' })).toBe(false);
    expect(asksForSearchFocus({ focusSearch: 'yes' })).toBe(false);
  });
});

describe('suggestions', () => {
  const history = ['Model Y 续航', '冬季续航', '充电桩', '续航'];
  const hot = ['续航', '特斯拉', '冬季续航技巧', 'FSD'];

  it('offers history then hot words containing the text, starts first, each once', () => {
    expect(matchWords('续航', history, hot)).toEqual([
      { kind: 'history', word: '续航' },
      { kind: 'history', word: 'Model Y 续航' },
      { kind: 'history', word: '冬季续航' },
      // 续航 was in the history already.
      { kind: 'hot', word: '冬季续航技巧' },
    ]);
  });

  it('ignores case and spaces when matching', () => {
    expect(matchWords('modely', history, hot)).toEqual([{ kind: 'history', word: 'Model Y 续航' }]);
    expect(matchWords('fsd', history, hot)).toEqual([{ kind: 'hot', word: 'FSD' }]);
    expect(matchWords('  ', ['a', 'A ', 'b'], ['B'])).toEqual([
      { kind: 'history', word: 'a' },
      { kind: 'history', word: 'b' },
    ]);
  });

  it('keeps to the limits: typed text, and the recent words with nothing typed', () => {
    const many = Array.from({ length: 30 }, (_, i) => `续航${i}`);
    expect(matchWords('续航', many, [])).toHaveLength(SUGGESTED_WORD_LIMIT);
    const recent = matchWords('', many, ['特斯拉']);
    expect(recent).toHaveLength(RECENT_WORD_LIMIT);
    expect(recent[0]).toEqual({ kind: 'history', word: '续航0' });
    expect(matchWords('', ['冬季续航'], ['特斯拉', 'FSD'])).toEqual([
      { kind: 'history', word: '冬季续航' },
      { kind: 'hot', word: '特斯拉' },
      { kind: 'hot', word: 'FSD' },
    ]);
  });

  const user = { uid: 7, nickname: '特斯拉车主', highlight: '<em>特斯拉</em>车主' } as UserSearchHit;
  const product = { pid: 3, title: '特斯拉转接头', highlight: '<em>特斯拉</em>转接头' } as ProductSearchHit;

  it('puts people and products after the words, only those found for this very text', () => {
    const hits = { word: '特斯拉', users: [user], products: [product] };
    expect(buildSuggestions('特斯拉', { history: [], hot: hot }, hits)).toEqual([
      { kind: 'hot', word: '特斯拉' },
      { kind: 'user', user },
      { kind: 'product', product },
    ]);
    // A late answer for an earlier text is not shown for this one.
    expect(buildSuggestions('特斯', { history: [], hot: [] }, hits)).toEqual([]);
    // The answer's text is the trimmed text.
    expect(buildSuggestions(' 特斯拉 ', { history: [], hot: [] }, hits)).toHaveLength(2);
    expect(buildSuggestions('', { history: ['a'], hot: [] }, { ...hits, word: '' })).toEqual([
      { kind: 'history', word: 'a' },
    ]);
  });

  it('moves the active option with ↑ and ↓, wrapping round', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 0)).toBe(-1);
  });
});

describe('highlights', () => {
  it('takes only <em> and escapes as markup', () => {
    expect(isHighlightMarkup('冬季<em>续航</em>打七折')).toBe(true);
    expect(isHighlightMarkup('&lt;script&gt;alert(1)&lt;/script&gt; <em>tsl</em> &amp; &#39;x&#39; &quot;')).toBe(true);
    expect(isHighlightMarkup('no match at all')).toBe(true);
    expect(isHighlightMarkup('<script>alert(1)</script>')).toBe(false);
    expect(isHighlightMarkup('<img src=x onerror=alert(1)>')).toBe(false);
    expect(isHighlightMarkup('<em onclick="x">a</em>')).toBe(false);
    expect(isHighlightMarkup('a > b')).toBe(false);
    expect(isHighlightMarkup('Tom & Jerry')).toBe(false);
  });

  it('starts a long text a little before its first match, cutting between characters only', () => {
    const before = '今天开车去了很远的地方，路上看到很多风景，然后说说';
    const html = `${before}<em>续航</em>的事`;
    const snippet = highlightSnippet(html, 4);
    expect(snippet).toBe('…然后说说<em>续航</em>的事');
    // An escape right before the cut stays whole.
    expect(highlightSnippet('一二三四五六七八&amp;九十<em>a</em>', 3)).toBe('…&amp;九十<em>a</em>');
    expect(highlightSnippet('一二三四五六七八九 十<em>a</em>', 2)).toBe('…十<em>a</em>');
    // Emoji count as one character.
    expect(highlightSnippet('🚗🚗🚗🚗🚗🚗x<em>a</em>', 1)).toBe('…x<em>a</em>');
  });

  it('leaves a text whole when its match is near the start, or it has none', () => {
    expect(highlightSnippet('说说<em>续航</em>', 12)).toBe('说说<em>续航</em>');
    expect(highlightSnippet('一二三四<em>a</em>', 4)).toBe('一二三四<em>a</em>');
    expect(highlightSnippet('nothing matched here, a long text without a mark', 2)).toBe(
      'nothing matched here, a long text without a mark',
    );
  });
});
