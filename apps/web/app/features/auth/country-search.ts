import type { Country } from './countries.ts';

/**
 * Filters the picker's list by what was typed: the zh-CN name (any part), the pinyin
 * initials (from the start, with or without 中国), the English name (from a word start),
 * or the area code (with or without '+', from its start). Empty input keeps the whole
 * list; order is kept.
 */
export function searchCountries(list: readonly Country[], query: string): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  const code = q.replace(/^\+/, '');
  const isCode = /^\d+$/.test(code);
  return list.filter((country) => {
    if (isCode) return country.code.startsWith(code);
    if (country.name.includes(q)) return true;
    if (country.py.startsWith(q)) return true;
    // 中国香港 is found by "xg" too: people type the place, not the 中国 before it.
    if (country.name.startsWith('中国') && country.py.slice(2).startsWith(q)) return true;
    return country.en
      .toLowerCase()
      .split(/[\s-]+/)
      .some((_, i, words) => words.slice(i).join(' ').startsWith(q));
  });
}
