import { describe, expect, it } from 'vitest';
import { collectSignParams, computeSign, signBase } from './sign.ts';

describe('sign', () => {
  it('sorts keys, drops empty values and appends the secret', () => {
    const params = collectSignParams({ size: '20', page: '1', ukey: '', sign: 'X', timestamp: '1700000000000' }, null);
    expect(signBase(params, 'secret')).toBe('page=1&size=20&timestamp=1700000000000secret');
  });

  it('is the uppercase MD5 of the base string (vectors from coreutils md5sum)', () => {
    expect(computeSign({ b: '2', a: '1' }, 'secret')).toBe('8D9F51949E440AA629FD1A035708473A');
    expect(
      computeSign(
        { appV: '1.1.0', bId: 'web', srchn: '118', page: '1', size: '20', timestamp: '1763788800000' },
        'evcircle-dev-secret',
      ),
    ).toBe('77DD6DAF9674E2F040B718DE3551F7A8');
    // Keys sort by UTF-16 code unit, so 'k' comes before '中文'.
    expect(computeSign({ 中文: '车友圈', k: 'v' }, 's')).toBe('6CD066607CA8017C83AF59307C3DF85A');
  });

  it('includes the top-level JSON body fields, and a body field wins over the query', () => {
    const params = collectSignParams({ a: '1', timestamp: '5' }, { a: '2', mobile: '13800138000', empty: '' });
    expect(params).toEqual({ a: '2', timestamp: '5', mobile: '13800138000' });
  });
});
