import type { RegionProvince } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import {
  choiceInTree,
  chooseCity,
  chooseDistrict,
  chooseProvince,
  isCompleteRegion,
  NO_REGION,
  regionText,
} from './region-choice.ts';

const TREE: RegionProvince[] = [
  { name: '北京市', cities: [{ name: '北京市', districts: ['朝阳区', '海淀区'] }] },
  {
    name: '广东省',
    cities: [
      { name: '深圳市', districts: ['南山区', '福田区'] },
      { name: '东莞市', districts: ['东莞市'] },
    ],
  },
];

describe('the cascading region picker', () => {
  it('clears the city and district when the province changes', () => {
    const chosen = { province: '广东省', city: '深圳市', district: '南山区' };
    expect(isCompleteRegion(TREE, chosen)).toBe(true);
    expect(chooseProvince(TREE, '广东省')).toEqual({ province: '广东省', city: '', district: '' });
  });

  it('chooses a province’s only city, and a city’s only district, for the buyer', () => {
    expect(chooseProvince(TREE, '北京市')).toEqual({ province: '北京市', city: '北京市', district: '' });
    const guangdong = chooseProvince(TREE, '广东省');
    expect(chooseCity(TREE, guangdong, '东莞市')).toEqual({ province: '广东省', city: '东莞市', district: '东莞市' });
    expect(chooseCity(TREE, guangdong, '深圳市').district).toBe('');
  });

  it('is complete only with a district of the chosen city', () => {
    const shenzhen = chooseCity(TREE, chooseProvince(TREE, '广东省'), '深圳市');
    expect(isCompleteRegion(TREE, shenzhen)).toBe(false);
    expect(isCompleteRegion(TREE, chooseDistrict(shenzhen, '福田区'))).toBe(true);
    expect(isCompleteRegion(TREE, chooseDistrict(shenzhen, '朝阳区'))).toBe(false);
    expect(isCompleteRegion(TREE, NO_REGION)).toBe(false);
  });

  it('starts from a saved address as far down as the tree still holds it', () => {
    const saved = { province: '广东省', city: '深圳市', district: '南山区' };
    expect(choiceInTree(TREE, saved)).toEqual(saved);
    expect(choiceInTree(TREE, { ...saved, district: '罗湖区' })).toEqual({ ...saved, district: '' });
    expect(choiceInTree(TREE, { ...saved, city: '广州市' })).toEqual({ province: '广东省', city: '', district: '' });
    expect(choiceInTree(TREE, { ...saved, province: '火星省' })).toEqual(NO_REGION);
  });

  it('names a municipality once', () => {
    expect(regionText({ province: '北京市', city: '北京市', district: '朝阳区' })).toBe('北京市 朝阳区');
    expect(regionText({ province: '广东省', city: '深圳市', district: '南山区' })).toBe('广东省 深圳市 南山区');
  });
});
