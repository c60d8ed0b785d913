import { describe, expect, it } from 'vitest';
import { findWrongLayout, isNarrowViewport, layoutKindFor, renderedLayoutKind } from './layout-rule.ts';

/** The rule at a viewport width (the browser's check asks a media query for the same answer). */
const kindAt = (userAgent: string, width: number) => layoutKindFor(userAgent, isNarrowViewport(width));

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('the layout rule (SPEC.md §2 layout choice)', () => {
  it('puts phones on the mobile layout whatever their width', () => {
    expect(kindAt(IPHONE, 390)).toBe('mobile');
    expect(kindAt(IPHONE, 1024)).toBe('mobile');
    expect(kindAt(ANDROID_PHONE, 900)).toBe('mobile');
  });

  it('judges tablets by their width, as desktops', () => {
    expect(kindAt(IPAD, 1024)).toBe('desktop');
    expect(kindAt(IPAD, 768)).toBe('desktop');
    expect(kindAt(IPAD, 767)).toBe('mobile');
    expect(kindAt(ANDROID_TABLET, 1280)).toBe('desktop');
    expect(kindAt(ANDROID_TABLET, 600)).toBe('mobile');
  });

  it('switches at 768 px: 767 is mobile, 768 is desktop', () => {
    expect(isNarrowViewport(767)).toBe(true);
    expect(isNarrowViewport(768)).toBe(false);
    expect(kindAt(DESKTOP, 767)).toBe('mobile');
    expect(kindAt(DESKTOP, 768)).toBe('desktop');
    expect(kindAt('', 767)).toBe('mobile');
    expect(kindAt('', 768)).toBe('desktop');
  });
});

describe('findWrongLayout', () => {
  it('reads the side a responsive layout was drawn for', () => {
    expect(renderedLayoutKind('default-mobile')).toBe('mobile');
    expect(renderedLayoutKind('post-desktop')).toBe('desktop');
    expect(renderedLayoutKind('category-mobile')).toBe('mobile');
    expect(renderedLayoutKind('nonav')).toBeNull();
    expect(renderedLayoutKind('mobile')).toBeNull();
    expect(renderedLayoutKind(null)).toBeNull();
  });

  it('names the layout in use and the one the rule wants when they differ', () => {
    expect(findWrongLayout('default-desktop', DESKTOP, isNarrowViewport(600))).toEqual({
      rendered: 'default-desktop',
      expected: 'mobile',
    });
    expect(findWrongLayout('post-mobile', DESKTOP, isNarrowViewport(1280))).toEqual({
      rendered: 'post-mobile',
      expected: 'desktop',
    });
    expect(findWrongLayout('detail-desktop', IPHONE, isNarrowViewport(1024))).toEqual({
      rendered: 'detail-desktop',
      expected: 'mobile',
    });
  });

  it('finds nothing wrong with the right layout, or one drawn the same everywhere', () => {
    expect(findWrongLayout('default-mobile', DESKTOP, isNarrowViewport(767))).toBeNull();
    expect(findWrongLayout('default-desktop', DESKTOP, isNarrowViewport(768))).toBeNull();
    expect(findWrongLayout('default-desktop', IPAD, isNarrowViewport(1024))).toBeNull();
    expect(findWrongLayout('nonav', DESKTOP, isNarrowViewport(600))).toBeNull();
    expect(findWrongLayout('mobile', DESKTOP, isNarrowViewport(1280))).toBeNull();
    expect(findWrongLayout(null, DESKTOP, isNarrowViewport(600))).toBeNull();
  });
});
