import { describe, expect, it } from 'vitest';
import { highlight } from './highlight.ts';

describe('highlight', () => {
  it('wraps Chinese matches, one and two characters included', () => {
    expect(highlight('比亚迪海豹续航实测', '海豹')).toBe('比亚迪<em>海豹</em>续航实测');
    expect(highlight('续航与续命', '续')).toBe('<em>续</em>航与<em>续</em>命');
    expect(highlight('特斯拉 Model Y 冬季续航', '冬季 续航')).toBe('特斯拉 Model Y <em>冬季续航</em>');
  });

  it('wraps Latin words case-insensitively, keeping their spelling', () => {
    expect(highlight('特斯拉 Model Y 冬季续航', 'model y')).toBe('特斯拉 <em>Model</em> <em>Y</em> 冬季续航');
    expect(highlight('Wallbox 壁挂充电盒', 'WALLB')).toBe('<em>Wallbox</em> 壁挂充电盒');
    expect(highlight('FSD 体验', 'fsd')).toBe('<em>FSD</em> 体验');
  });

  it('wraps the Chinese word whose pinyin or initials matched', () => {
    expect(highlight('特斯拉 Model Y 冬季续航', 'tesila')).toBe('<em>特斯拉</em> Model Y 冬季续航');
    expect(highlight('特斯拉 Model Y 冬季续航', 'tsl')).toBe('<em>特斯拉</em> Model Y 冬季续航');
    expect(highlight('比亚迪海豹续航实测', 'haibao')).toBe('比亚迪<em>海豹</em>续航实测');
  });

  it('escapes the text, so it never becomes markup', () => {
    expect(highlight('<script>alert(1)</script> 续航 & "充电"', '续航')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; <em>续航</em> &amp; &quot;充电&quot;',
    );
    expect(highlight('<b>续航</b>', '<b>')).toBe('&lt;<em>b</em>&gt;续航&lt;/<em>b</em>&gt;');
    expect(highlight('a & b', '&')).toBe('a &amp; b');
  });

  it('returns the escaped text when nothing matches', () => {
    expect(highlight('小米SU7 <充电桩>', '海豹')).toBe('小米SU7 &lt;充电桩&gt;');
    expect(highlight('', '续航')).toBe('');
  });
});
