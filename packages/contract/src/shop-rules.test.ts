import { describe, expect, it } from 'vitest';
import { idListText, parseJsonText } from './schemas.ts';
import { DESCRIPTION_IMAGE_SRC, discountPercent } from './shop-rules.ts';

describe('discountPercent', () => {
  it('is round(price / market × 100), 100 without a market price', () => {
    expect(discountPercent(33900, 59900)).toBe(57);
    expect(discountPercent(75, 100)).toBe(75);
    expect(discountPercent(199, null)).toBe(100);
    expect(discountPercent(199, 0)).toBe(100);
    expect(discountPercent(199, Number.NaN)).toBe(100);
  });
});

describe('DESCRIPTION_IMAGE_SRC', () => {
  it('takes web addresses and stored files, nothing that climbs out or runs', () => {
    expect(DESCRIPTION_IMAGE_SRC.test('https://example.com/a.webp')).toBe(true);
    expect(DESCRIPTION_IMAGE_SRC.test('/files/seed/products/a.webp')).toBe(true);
    expect(DESCRIPTION_IMAGE_SRC.test('/files/../secret')).toBe(false);
    expect(DESCRIPTION_IMAGE_SRC.test('javascript:alert(1)')).toBe(false);
    expect(DESCRIPTION_IMAGE_SRC.test('https://x.com/a" onerror="x')).toBe(false);
  });
});

describe('id lists as text', () => {
  it('reads a JSON list, comma text, and blank text as none', () => {
    expect(idListText('[1,2]')).toEqual([1, 2]);
    expect(idListText(' 3, 4 ')).toEqual(['3', '4']);
    expect(idListText('  ')).toEqual([]);
    expect(idListText([5])).toEqual([5]);
  });

  it('leaves what it cannot read for the schema to refuse', () => {
    expect(idListText('[1,')).toBe('[1,');
    expect(idListText(7)).toBe(7);
    expect(parseJsonText('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonText('not json')).toBe('not json');
  });
});
