import { describe, expect, it } from 'vitest';
import * as domains from './domains.ts';
import { COMMON_ERRORS, ERRORS } from './errors.ts';

describe('ERRORS', () => {
  it('holds every domain’s errors and common ones, each code declared exactly once', () => {
    const maps = [
      COMMON_ERRORS,
      ...Object.entries(domains)
        .filter(([name]) => name.endsWith('Errors'))
        .map(([, errors]) => errors as Record<string, unknown>),
    ];
    const codes = maps.flatMap((map) => Object.keys(map));
    expect(codes.filter((code, i) => codes.indexOf(code) !== i)).toEqual([]);
    expect(Object.keys(ERRORS).sort()).toEqual([...codes].sort());
    // One map per domain that has errors of its own, besides the common one.
    expect(maps.length).toBeGreaterThan(10);
  });
});
