import { describe, expect, it, vi } from 'vitest';
import { interstitialHref, isExternalUrl, MAX_LINK_LENGTH, navigateExternal, readDestination } from './link-guard.ts';

const ORIGIN = 'https://evcircle.example';

function fakeLocation() {
  return { origin: ORIGIN, assign: vi.fn<(url: string | URL) => void>() };
}

describe('isExternalUrl', () => {
  it('keeps our own addresses, relative or absolute, inside', () => {
    expect(isExternalUrl('/post/1', ORIGIN)).toBe(false);
    expect(isExternalUrl('https://evcircle.example/user/2?x=1', ORIGIN)).toBe(false);
  });

  it('finds another host, scheme or port outside', () => {
    expect(isExternalUrl('https://example.com/', ORIGIN)).toBe(true);
    expect(isExternalUrl('http://evcircle.example/', ORIGIN)).toBe(true);
    expect(isExternalUrl('https://evcircle.example:8443/', ORIGIN)).toBe(true);
    expect(isExternalUrl('//evil.example/x', ORIGIN)).toBe(true);
    expect(isExternalUrl('https://evcircle.example@evil.example/', ORIGIN)).toBe(true);
    expect(isExternalUrl('javascript:alert(1)', ORIGIN)).toBe(true);
  });
});

describe('navigateExternal (SPEC.md §8)', () => {
  it('throws, naming the URL, for another site without explicit permission, and does not navigate', () => {
    const location = fakeLocation();
    expect(() => navigateExternal('https://pay.example/cashier?id=1', {}, location)).toThrowError(
      /https:\/\/pay\.example\/cashier\?id=1/,
    );
    expect(() => navigateExternal('https://pay.example/', { allowExternal: false }, location)).toThrowError(
      /without explicit permission/,
    );
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('navigates to another site with permission, and to our own addresses without', () => {
    const location = fakeLocation();
    navigateExternal('https://pay.example/cashier', { allowExternal: true }, location);
    navigateExternal('/orders/3', {}, location);
    expect(location.assign.mock.calls).toEqual([
      ['https://pay.example/cashier'],
      ['https://evcircle.example/orders/3'],
    ]);
  });

  it('refuses anything but http(s), even with permission', () => {
    const location = fakeLocation();
    expect(() => navigateExternal('javascript:alert(1)', { allowExternal: true }, location)).toThrowError(
      /javascript:alert\(1\)/,
    );
    expect(() => navigateExternal('data:text/html,hi', { allowExternal: true }, location)).toThrowError(/only http/);
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe('the interstitial address', () => {
  it('carries the destination encoded, and reads it back', () => {
    const url = 'https://example.com/a b?q=特斯拉&x=1#top';
    const href = interstitialHref(url);
    expect(href.startsWith('/go?url=')).toBe(true);
    const raw = new URL(href, ORIGIN).searchParams.get('url');
    expect(readDestination(raw)).toEqual({
      ok: true,
      url: 'https://example.com/a%20b?q=%E7%89%B9%E6%96%AF%E6%8B%89&x=1#top',
      host: 'example.com',
    });
  });

  it('shows the real host, not what a user name in the address pretends', () => {
    expect(readDestination('https://evcircle.example@evil.example:8080/')).toMatchObject({
      ok: true,
      host: 'evil.example:8080',
    });
  });

  it('refuses what is not an http(s) address', () => {
    expect(readDestination(null)).toEqual({ ok: false, reason: 'missing' });
    expect(readDestination('  ')).toEqual({ ok: false, reason: 'missing' });
    expect(readDestination('javascript:alert(1)')).toEqual({ ok: false, reason: 'scheme' });
    expect(readDestination('data:text/html,<script>alert(1)</script>')).toEqual({ ok: false, reason: 'scheme' });
    expect(readDestination('ftp://example.com/')).toEqual({ ok: false, reason: 'scheme' });
    expect(readDestination('/post/1')).toEqual({ ok: false, reason: 'invalid' });
    expect(readDestination(`https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`)).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });
});
