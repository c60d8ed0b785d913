import { describe, expect, it } from 'vitest';
import { displayHost, isOwnSite, listKey, tileColour, tileLetter } from './bookmark-view-rules.ts';

describe('bookmark view rules', () => {
  it('shows the host without www. and keeps a URL that does not parse as it is', () => {
    expect(displayHost('https://www.Tesla.cn/supercharger?x=1')).toBe('tesla.cn');
    expect(displayHost('http://127.0.0.1:8080/gbk')).toBe('127.0.0.1');
    expect(displayHost('http://[::1]:3000/')).toBe('::1');
    expect(displayHost('not a url')).toBe('not a url');
  });

  it('draws the first letter or digit of the host, upper case', () => {
    expect(tileLetter('https://www.example.com/a')).toBe('E');
    expect(tileLetter('http://127.0.0.1:9/')).toBe('1');
    expect(tileLetter('https://xn--fiqs8s.cn/')).toBe('X');
    expect(tileLetter('http://[::1]/')).toBe('1');
  });

  it('gives one site one colour', () => {
    expect(tileColour('https://a.example.com/1')).toBe(tileColour('https://a.example.com/2?q'));
    expect(tileColour('https://a.example.com/')).toMatch(/^bg-\w+-600$/);
  });

  it('knows the pages of this site by their origin, port included', () => {
    expect(isOwnSite('http://127.0.0.1:3105/post/3', 'http://127.0.0.1:3105')).toBe(true);
    expect(isOwnSite('http://127.0.0.1:3106/post/3', 'http://127.0.0.1:3105')).toBe(false);
    expect(isOwnSite('https://evcircle.cn/product/1', 'https://evcircle.cn/')).toBe(true);
    expect(isOwnSite('https://evcircle.cn.evil.com/', 'https://evcircle.cn')).toBe(false);
    expect(isOwnSite('https://evcircle.cn/', '')).toBe(false);
  });

  it('makes a different list key for each folder and word', () => {
    expect(listKey('', '')).not.toBe(listKey('', 'a'));
    expect(listKey('a', '')).not.toBe(listKey('', 'a'));
  });
});
