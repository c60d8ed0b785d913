import { describe, expect, it } from 'vitest';
import { translateTargetOf } from './translate-target.ts';

describe('what 翻译 translates into', () => {
  it('Chinese for other languages', () => {
    expect(translateTargetOf('Charging at a supercharger takes about 30 minutes.')).toBe('zh');
    expect(translateTargetOf('テスラの充電はとても速いです')).toBe('zh');
    expect(translateTargetOf('충전 속도가 정말 빠르네요')).toBe('zh');
    expect(translateTargetOf('Зарядка заняла полчаса')).toBe('zh');
    expect(translateTargetOf('123 !!!')).toBe('zh');
  });

  it('English for Chinese, also with a few Latin words in it', () => {
    expect(translateTargetOf('今天去超充站充电，半小时充到百分之八十')).toBe('en');
    expect(translateTargetOf('Model Y 的续航真不错，冬天也有四百公里')).toBe('en');
  });

  it('Chinese for English with a Chinese word or two', () => {
    expect(translateTargetOf('We drove the whole G318 road to 拉萨 in our electric car last summer')).toBe('zh');
  });
});
