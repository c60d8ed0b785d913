import { describe, expect, it } from 'vitest';
import {
  isModalListPath,
  readModalTarget,
  searchString,
  shouldRevalidateList,
  withModalTarget,
  withoutModalTarget,
} from './modal-params.ts';

const params = (query: string) => new URLSearchParams(query);

describe('readModalTarget', () => {
  it('reads modal=true&postId&index', () => {
    expect(readModalTarget(params('modal=true&postId=42&index=3'))).toEqual({ postId: 42, index: 3 });
  });

  it('defaults a missing or malformed index to 0', () => {
    expect(readModalTarget(params('modal=true&postId=42'))).toEqual({ postId: 42, index: 0 });
    expect(readModalTarget(params('modal=true&postId=42&index=-2'))).toEqual({ postId: 42, index: 0 });
    expect(readModalTarget(params('modal=true&postId=42&index=x'))).toEqual({ postId: 42, index: 0 });
  });

  it('is null without modal=true or with a bad postId', () => {
    expect(readModalTarget(params('postId=42&index=0'))).toBeNull();
    expect(readModalTarget(params('modal=1&postId=42'))).toBeNull();
    expect(readModalTarget(params('modal=true'))).toBeNull();
    expect(readModalTarget(params('modal=true&postId=0'))).toBeNull();
    expect(readModalTarget(params('modal=true&postId=4a'))).toBeNull();
    expect(readModalTarget(params('modal=true&postId=1234567890123456'))).toBeNull();
  });
});

describe('withModalTarget / withoutModalTarget', () => {
  it('sets the three keys and keeps other query values', () => {
    const next = withModalTarget(params('q=x&modal=true&postId=1&index=9'), { postId: 7, index: 2 });
    expect(next.toString()).toBe('q=x&modal=true&postId=7&index=2');
  });

  it('removes exactly the modal keys', () => {
    expect(withoutModalTarget(params('q=x&modal=true&postId=7&index=2')).toString()).toBe('q=x');
    expect(searchString(withoutModalTarget(params('modal=true&postId=7&index=2')))).toBe('');
    expect(searchString(params('a=1'))).toBe('?a=1');
  });
});

describe('isModalListPath', () => {
  it('is true on /, /home, the theme feeds and profiles', () => {
    for (const path of ['/', '/home', '/mod', '/exp', '/beauty', '/travel', '/tesla-tools', '/user/12', '/mod/']) {
      expect(isModalListPath(path), path).toBe(true);
    }
  });

  it('is false elsewhere (the following feed, post pages, settings)', () => {
    for (const path of ['/following', '/post/3', '/m/post/3', '/settings', '/user/x', '/tesla', '/user/1/more']) {
      expect(isModalListPath(path), path).toBe(false);
    }
  });
});

describe('shouldRevalidateList', () => {
  const check = (from: string, to: string, defaultShouldRevalidate = true) =>
    shouldRevalidateList({
      currentUrl: new URL(from, 'http://x'),
      nextUrl: new URL(to, 'http://x'),
      defaultShouldRevalidate,
      currentParams: {},
      nextParams: {},
    } as Parameters<typeof shouldRevalidateList>[0]);

  it('keeps the list when only the modal keys change (open, previous / next, close)', () => {
    expect(check('/', '/?modal=true&postId=1&index=0')).toBe(false);
    expect(check('/?modal=true&postId=1&index=0', '/?modal=true&postId=2&index=1')).toBe(false);
    expect(check('/mod?modal=true&postId=2&index=1', '/mod')).toBe(false);
  });

  it('otherwise follows the default (same address: an explicit revalidation; other queries or paths)', () => {
    expect(check('/', '/')).toBe(true);
    expect(check('/', '/?q=1')).toBe(true);
    expect(check('/', '/mod')).toBe(true);
    expect(check('/', '/?q=1', false)).toBe(false);
  });
});
