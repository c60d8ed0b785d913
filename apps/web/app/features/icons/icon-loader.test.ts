import { ICON_FETCH_TIMEOUT_MS, ICON_MAX_URL_LENGTH } from '@evcircle/contract/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iconFromAnswer, iconQueries, loadIcon } from './icon-loader.ts';

const BASE = 'https://che.example.cn/api/icons';

describe('iconQueries', () => {
  it('asks for every name once, in URLs no longer than the limit', () => {
    const names = Array.from({ length: 300 }, (_, i) => `battery-charging-${i}`);
    const queries = iconQueries(BASE, 'mdi', names);
    expect(queries.length).toBeGreaterThan(1);
    for (const query of queries) {
      expect(query.url.length).toBeLessThanOrEqual(ICON_MAX_URL_LENGTH);
      expect(query.url).toBe(`${BASE}/mdi.json?icons=${query.names.join(',')}`);
    }
    expect(queries.flatMap((query) => query.names)).toEqual(names);
    // Each URL is as full as it can be: the next name would not have fit.
    for (const [i, query] of queries.slice(0, -1).entries()) {
      const next = queries[i + 1]?.names[0] ?? '';
      expect(query.url.length + 1 + next.length).toBeGreaterThan(ICON_MAX_URL_LENGTH);
    }
  });

  it('puts a few names in one request', () => {
    expect(iconQueries(BASE, 'tabler', ['a', 'b-c'])).toEqual([
      { url: `${BASE}/tabler.json?icons=a,b-c`, names: ['a', 'b-c'] },
    ]);
  });
});

describe('iconFromAnswer', () => {
  const answer = {
    prefix: 'x',
    width: 24,
    height: 24,
    icons: { base: { body: '<path/>' }, wide: { body: '<g/>', width: 32, left: -4 } },
    aliases: { first: { parent: 'base', width: 20 }, second: { parent: 'first' }, loop: { parent: 'loop' } },
  };

  it('draws an icon with the set size unless it has its own', () => {
    expect(iconFromAnswer(answer, 'base')).toEqual({ body: '<path/>', left: 0, top: 0, width: 24, height: 24 });
    expect(iconFromAnswer(answer, 'wide')).toEqual({ body: '<g/>', left: -4, top: 0, width: 32, height: 24 });
  });

  it('follows aliases to their icon, the nearer size winning', () => {
    expect(iconFromAnswer(answer, 'second')).toEqual({ body: '<path/>', left: 0, top: 0, width: 20, height: 24 });
  });

  it('answers null for a missing name or a looping alias', () => {
    expect(iconFromAnswer(answer, 'nope')).toBeNull();
    expect(iconFromAnswer(answer, 'loop')).toBeNull();
    expect(iconFromAnswer(answer, 'toString')).toBeNull();
  });
});

describe('loadIcon', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'https://che.example.cn' } });
    vi.stubGlobal('fetch', fetchMock);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
    warn.mockRestore();
  });

  it('batches names of one set asked together into one request', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({
        prefix: 'mdi',
        width: 24,
        height: 24,
        icons: { 'batch-a': { body: '<a/>' } },
        not_found: ['batch-b'],
      }),
    );
    const [a, b] = await Promise.all([loadIcon('mdi:batch-a'), loadIcon('mdi:batch-b')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${BASE}/mdi.json?icons=batch-a,batch-b`);
    expect(a).toMatchObject({ body: '<a/>', width: 24 });
    expect(b).toBeNull();
    expect(warn).toHaveBeenCalledWith('[icons] mdi:batch-b: not found');
    // Known now: no second request.
    expect(await loadIcon('mdi:batch-a')).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('warns and answers null for a name that is not one, without asking', async () => {
    expect(await loadIcon('fa:car')).toBeNull();
    expect(await loadIcon('mdi:../x')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('warns on a failed request and asks again next time', async () => {
    fetchMock.mockResolvedValueOnce(new Response('404', { status: 404 }));
    expect(await loadIcon('tabler:fail-once')).toBeNull();
    expect(warn).toHaveBeenCalledWith('[icons] tabler:fail-once: HTTP 404');
    fetchMock.mockResolvedValueOnce(Response.json({ prefix: 'tabler', icons: { 'fail-once': { body: '<b/>' } } }));
    expect(await loadIcon('tabler:fail-once')).toMatchObject({ body: '<b/>', width: 16 });
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const icon = loadIcon('lucide:slow-one');
    await vi.advanceTimersByTimeAsync(ICON_FETCH_TIMEOUT_MS - 1);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await icon).toBeNull();
    expect(warn).toHaveBeenCalledWith(`[icons] lucide:slow-one: no answer in ${ICON_FETCH_TIMEOUT_MS} ms`);
  });
});
