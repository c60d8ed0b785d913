import { describe, expect, it } from 'vitest';
import { appendPage } from './use-paged-list.ts';

describe('paged lists', () => {
  it('appends a page without repeating comments already shown (a new comment shifts the pages)', () => {
    const shown = [{ cid: 9 }, { cid: 8 }];
    const list = appendPage(shown, [{ cid: 8 }, { cid: 7 }], (c) => c.cid);
    expect(list.map((c) => c.cid)).toEqual([9, 8, 7]);
    expect(shown.map((c) => c.cid)).toEqual([9, 8]);
  });
});
