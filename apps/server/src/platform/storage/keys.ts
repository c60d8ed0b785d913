import { AppError } from '@evcircle/contract';

/** Longest key we accept; object stores allow 1024 bytes, we keep well inside it. */
export const MAX_KEY_LENGTH = 512;

/**
 * One path segment: letters, digits, `_`, `-` and `.`, not starting with a dot. Refusing
 * a leading dot rules out `.` and `..` (traversal) and hidden files in one rule.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True when `key` is a storage key we would store or serve. */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/**
 * Returns the key unchanged, or throws FILE_KEY_INVALID. Keys are relative
 * (`seed/posts/12-1.jpg`): no leading or doubled `/`, no `..`, no backslash, no
 * percent-escapes, nothing outside the safe set — so a key can be joined to a directory
 * without ever leaving it.
 */
export function assertStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new AppError('FILE_KEY_INVALID');
  return key;
}
