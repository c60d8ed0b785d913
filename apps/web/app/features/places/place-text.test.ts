import { POST_LOCATION_MAX_LENGTH } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { formatDistance, placeText } from './place-text.ts';

describe('formatDistance', () => {
  it.each([
    [0, '0 米'],
    [84, '80 米'],
    [995, '1 公里'],
    [1000, '1 公里'],
    [1249, '1.2 公里'],
    [9950, '9.9 公里'],
    [12_400, '12 公里'],
  ])('%d m is %s', (metres, text) => {
    expect(formatDistance(metres)).toBe(text);
  });
});

describe('placeText', () => {
  it('writes the city without 市, a middle dot and the name', () => {
    expect(placeText({ city: '上海市', name: '特斯拉超级充电站（来福士广场）' })).toBe(
      '上海·特斯拉超级充电站（来福士广场）',
    );
  });

  it('is the name alone when the city is not known', () => {
    expect(placeText({ city: '', name: '蔚来换电站' })).toBe('蔚来换电站');
  });

  it('fits the place field', () => {
    const text = placeText({ city: '成都市', name: '充'.repeat(80) });
    expect(Array.from(text)).toHaveLength(POST_LOCATION_MAX_LENGTH);
    expect(text.startsWith('成都·')).toBe(true);
  });
});
