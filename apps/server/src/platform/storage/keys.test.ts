import { AppError } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { assertStorageKey, isValidStorageKey } from './keys.ts';

describe('storage keys', () => {
  it.each(['seed/posts/12-1.jpg', 'seed/avatars/5317-6.jpg', 'uploads/2025/06/a_b.mp4', 'x'])('accepts %s', (key) => {
    expect(isValidStorageKey(key)).toBe(true);
  });

  it.each([
    '',
    '/etc/passwd',
    '../secret',
    'a/../b',
    'a/./b',
    'a//b',
    'a/',
    '.env',
    'a\\..\\b',
    'a%2e%2e',
    'a b.jpg',
    '车.jpg',
    'a\0b',
    'x'.repeat(513),
  ])('refuses %j', (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    expect(() => assertStorageKey(key)).toThrow(AppError);
  });
});
