import { describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY } from './countries.ts';
import { searchCountries } from './country-search.ts';
import { backspaceDigits, cutPaste, fillDigits, isComplete, pasteDigits } from './digits.ts';
import { cleanPhoneInput, displayPhone, isValidPhone, mobileField } from './phone.ts';

describe('country list', () => {
  it('has about 140 entries, default 中国大陆 +86 first, names unique, codes numeric', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(130);
    expect(COUNTRIES[0]).toBe(DEFAULT_COUNTRY);
    expect(DEFAULT_COUNTRY).toMatchObject({ name: '中国大陆', code: '86' });
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^\d{1,4}$/);
  });
});

describe('searchCountries', () => {
  const names = (q: string) => searchCountries(COUNTRIES, q).map((c) => c.name);

  it('keeps the whole list for an empty or blank query', () => {
    expect(searchCountries(COUNTRIES, '  ')).toHaveLength(COUNTRIES.length);
  });
  it('finds by any part of the Chinese name', () => {
    expect(names('香港')).toEqual(['中国香港']);
    expect(names('利亚')).toContain('澳大利亚');
    expect(names('利亚')).toContain('叙利亚');
  });
  it('finds by pinyin initials from the start, case-insensitive', () => {
    expect(names('XJP')).toEqual(['新加坡']);
    expect(names('xg')).toEqual(['中国香港']);
    expect(names('am')).toEqual(expect.arrayContaining(['中国澳门', '阿曼']));
    expect(names('zgxg')).toEqual(['中国香港']);
    expect(names('jp')).not.toContain('新加坡');
  });
  it('finds by English word start', () => {
    expect(names('hong')).toEqual(['中国香港']);
    expect(names('kong')).toEqual(['中国香港']);
    expect(names('south ko')).toEqual(['韩国']);
  });
  it('finds by area code from its start, with or without +', () => {
    expect(names('852')).toEqual(['中国香港']);
    expect(names('+85')).toEqual(expect.arrayContaining(['中国香港', '中国澳门', '柬埔寨', '老挝', '朝鲜']));
    expect(names('+85')).not.toContain('中国大陆');
    expect(names('1')).toContain('美国');
    expect(names('1')).toContain('加拿大');
  });
  it('answers nothing for a query that matches nothing', () => {
    expect(names('火星')).toEqual([]);
  });
});

describe('phone rules', () => {
  it('accepts mainland mobile numbers for 86 only by the SPEC.md §5 pattern', () => {
    expect(isValidPhone('86', '13800138000')).toBe(true);
    expect(isValidPhone('86', '19912345678')).toBe(true);
    expect(isValidPhone('86', '12800138000')).toBe(false); // second digit 2
    expect(isValidPhone('86', '23800138000')).toBe(false); // does not start with 1
    expect(isValidPhone('86', '1380013800')).toBe(false); // 10 digits
    expect(isValidPhone('86', '')).toBe(false);
  });
  it('needs at least 5 characters for other area codes', () => {
    expect(isValidPhone('852', '1234')).toBe(false);
    expect(isValidPhone('852', '12345')).toBe(true);
  });
  it('keeps digits only, at most 11', () => {
    expect(cleanPhoneInput('138-0013 8000 99')).toBe('13800138000');
    expect(cleanPhoneInput('abc')).toBe('');
  });
  it('prefixes the area code when it is not 86 (SPEC.md §7)', () => {
    expect(mobileField('86', '13800138000')).toBe('13800138000');
    expect(mobileField('852', '91234567')).toBe('852-91234567');
  });
  it('shows the number grouped', () => {
    expect(displayPhone('86', '13800138000')).toBe('+86 138 0013 8000');
    expect(displayPhone('852', '91234567')).toBe('+852 91234567');
  });
});

describe('code boxes', () => {
  it('cuts a paste to its digits and the box count (4 for SMS, 3 for the challenge)', () => {
    expect(cutPaste('验证码 123456', 4)).toBe('1234');
    expect(cutPaste('1 2-3', 3)).toBe('123');
    expect(cutPaste('abc', 4)).toBe('');
    expect(pasteDigits(4, '98765')).toEqual({ digits: ['9', '8', '7', '6'], focus: 3 });
    expect(pasteDigits(3, 'x12')).toEqual({ digits: ['1', '2', ''], focus: 2 });
  });
  it('fills one digit a box and moves on; ignores non-digits', () => {
    expect(fillDigits(['', '', '', ''], 0, '5')).toEqual({ digits: ['5', '', '', ''], focus: 1 });
    expect(fillDigits(['5', '', '', ''], 1, 'a')).toEqual({ digits: ['5', '', '', ''], focus: 1 });
    expect(fillDigits(['5', '', '', ''], 3, '7')).toEqual({ digits: ['5', '', '', '7'], focus: 3 });
  });
  it('spreads an autofill of several digits from the box it lands in', () => {
    expect(fillDigits(['', '', '', ''], 1, '123456')).toEqual({ digits: ['', '1', '2', '3'], focus: 3 });
  });
  it('backspace clears the box, or the one before when empty, and moves back', () => {
    expect(backspaceDigits(['1', '2', '', ''], 2)).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(backspaceDigits(['1', '2', '3', ''], 2)).toEqual({ digits: ['1', '2', '', ''], focus: 2 });
    expect(backspaceDigits(['', '', '', ''], 0)).toEqual({ digits: ['', '', '', ''], focus: 0 });
  });
  it('is complete only when every box holds a digit', () => {
    expect(isComplete(['1', '2', '3', '4'])).toBe(true);
    expect(isComplete(['1', '2', '', '4'])).toBe(false);
  });
});
