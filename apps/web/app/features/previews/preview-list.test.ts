import type { ApiClient, Post } from '@evcircle/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { loadPagingTest } from './paging-test.tsx';
import { loadPreview, PREVIEW_NAMES, PREVIEW_PREFIXES, previewHeaders, previewMeta } from './preview-list.ts';

/** The status a loader threw (react-router's `data(null, { status })`). */
function thrownStatus(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

describe('loadPreview', () => {
  it('answers the index of each prefix, and each of the seven components SPEC.md §2 names', () => {
    expect(PREVIEW_NAMES).toEqual([
      'skeletons',
      'comment-input',
      'top-nav',
      'image-carousel',
      'video-thumbnail',
      'right-buttons',
      'down-buttons',
    ]);
    for (const prefix of PREVIEW_PREFIXES) {
      expect(loadPreview(prefix, undefined)).toEqual({ prefix, name: null });
      for (const name of PREVIEW_NAMES) expect(loadPreview(prefix, name)).toEqual({ prefix, name });
    }
  });

  it('throws a 404 for any other name, including an object’s own property names', () => {
    for (const name of ['nope', 'Skeletons', 'constructor', '__proto__', 'toString', '']) {
      expect(
        thrownStatus(() => loadPreview('/m/components', name)),
        name,
      ).toBe(404);
    }
  });
});

describe('previewMeta and previewHeaders', () => {
  it('keep every preview out of search engines, the 404 of an unknown name too', () => {
    expect(previewMeta({ prefix: '/post/components', name: 'top-nav' }, undefined)).toEqual([
      { title: '顶部导航 - 组件预览 - 车友圈' },
      { name: 'robots', content: 'noindex' },
    ]);
    expect(previewMeta({ prefix: '/m/components', name: null }, undefined)[0]).toEqual({
      title: '组件预览 - 车友圈',
    });
    expect(previewMeta(undefined, new Error('404'))).toEqual([
      { title: '页面不存在 - 车友圈' },
      { name: 'robots', content: 'noindex' },
    ]);
    expect(previewHeaders()).toEqual({ 'X-Robots-Tag': 'noindex' });
  });
});

describe('loadPagingTest', () => {
  const post = { pid: 1 } as Post;

  it('fetches page 1 at the chosen size, or the default for any size not offered', async () => {
    const call = vi.fn(async () => [post]);
    const api = { call } as unknown as ApiClient;
    expect(await loadPagingTest(api, new URL('http://x/pagination-test?size=5'))).toEqual({
      size: 5,
      firstPage: [post],
    });
    expect(call).toHaveBeenLastCalledWith(expect.anything(), { page: 1, size: 5 });
    for (const query of ['', '?size=7', '?size=abc', '?size=100000']) {
      expect((await loadPagingTest(api, new URL(`http://x/pagination-test${query}`))).size, query).toBe(10);
    }
  });

  it('answers no first page when the feed fails, so the page asks again', async () => {
    const api = { call: vi.fn(async () => Promise.reject(new Error('down'))) } as unknown as ApiClient;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadPagingTest(api, new URL('http://x/pagination-test'))).toEqual({ size: 10, firstPage: null });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
