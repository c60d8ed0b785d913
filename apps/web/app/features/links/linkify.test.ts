import { describe, expect, it } from 'vitest';
import { MAX_LINK_LENGTH } from './link-guard.ts';
import { linkify } from './linkify.ts';

const links = (text: string) => linkify(text).flatMap((part) => (part.kind === 'link' ? [part.url] : []));

describe('linkify', () => {
  it('keeps text without addresses as one plain run', () => {
    expect(linkify('今天去超充站充电')).toEqual([{ kind: 'text', text: '今天去超充站充电' }]);
    expect(linkify('')).toEqual([]);
  });

  it('splits text around an address, losing nothing', () => {
    const text = '看这个 https://example.com/a?b=1 很有用';
    const parts = linkify(text);
    expect(parts).toEqual([
      { kind: 'text', text: '看这个 ' },
      { kind: 'link', text: 'https://example.com/a?b=1', url: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' 很有用' },
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('ends an address at Chinese text and CJK punctuation', () => {
    expect(links('地图https://map.example.com/x，很准')).toEqual(['https://map.example.com/x']);
    expect(links('（详见https://example.com/doc）。')).toEqual(['https://example.com/doc']);
    expect(links('链接：https://example.com/充电桩')).toEqual(['https://example.com/']);
    expect(links('https://example.com/a！好')).toEqual(['https://example.com/a']);
  });

  it('leaves sentence punctuation and unopened brackets outside', () => {
    expect(links('see https://example.com/a.')).toEqual(['https://example.com/a']);
    expect(links('wow https://example.com/a!')).toEqual(['https://example.com/a']);
    expect(links('(see https://example.com/a)')).toEqual(['https://example.com/a']);
    expect(links('https://en.wikipedia.org/wiki/Tesla_(unit), ok')).toEqual([
      'https://en.wikipedia.org/wiki/Tesla_(unit)',
    ]);
  });

  it('links http and https only, in any case', () => {
    expect(links('HTTP://EXAMPLE.COM/A https://b.example')).toEqual(['HTTP://EXAMPLE.COM/A', 'https://b.example']);
    expect(links('javascript:alert(1) ftp://example.com data:text/html,x www.example.com')).toEqual([]);
    expect(links('http:// 和 https://')).toEqual([]);
  });

  it('leaves an address longer than the limit as text', () => {
    const long = `https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`;
    expect(linkify(long)).toEqual([{ kind: 'text', text: long }]);
  });

  it('finds several addresses in one text', () => {
    expect(links('a https://a.example/1 b http://b.example:8080/2?x=(1) c')).toEqual([
      'https://a.example/1',
      'http://b.example:8080/2?x=(1)',
    ]);
  });
});
