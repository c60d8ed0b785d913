import { describe, expect, it, vi } from 'vitest';
import { createResponseCache, invalidateResponseCache } from './response-cache.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

/** A compute function that counts its calls and answers `text` (with the call number). */
function counter(text = 'answer') {
  let calls = 0;
  const compute = vi.fn(async () => Buffer.from(`${text}#${++calls}`));
  return compute;
}

const read = async (body: Promise<Buffer>) => (await body).toString();

describe('createResponseCache', () => {
  it('serves the same answer for the same key until ttlMs has passed', async () => {
    const c = clock();
    const cache = createResponseCache({ ttlMs: 1000, now: c.now });
    const compute = counter();
    expect(await read(cache.get('k', compute))).toBe('answer#1');
    c.advance(999);
    expect(await read(cache.get('k', compute))).toBe('answer#1');
    expect(compute).toHaveBeenCalledTimes(1);
    c.advance(1);
    expect(await read(cache.get('k', compute))).toBe('answer#2');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps one answer per key', async () => {
    const cache = createResponseCache({ ttlMs: 1000 });
    expect(await read(cache.get('{"page":1}', async () => Buffer.from('one')))).toBe('one');
    expect(await read(cache.get('{"page":2}', async () => Buffer.from('two')))).toBe('two');
    expect(await read(cache.get('{"page":1}', async () => Buffer.from('other')))).toBe('one');
  });

  it('shares a computation under way among callers of the same key', async () => {
    const cache = createResponseCache({ ttlMs: 1000 });
    let finish: (body: Buffer) => void = () => {};
    const compute = vi.fn(() => new Promise<Buffer>((resolve) => (finish = resolve)));
    const first = cache.get('k', compute);
    const second = cache.get('k', compute);
    finish(Buffer.from('shared'));
    expect([await read(first), await read(second)]).toEqual(['shared', 'shared']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed computation', async () => {
    const cache = createResponseCache({ ttlMs: 1000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(cache.size).toBe(0);
    expect(await read(cache.get('k', async () => Buffer.from('recovered')))).toBe('recovered');
  });

  it('forgets answers on invalidateResponseCache of its tag only', async () => {
    const feed = createResponseCache({ ttlMs: 60_000, tag: 'test-feed' });
    const alsoFeed = createResponseCache({ ttlMs: 60_000, tag: 'test-feed' });
    const other = createResponseCache({ ttlMs: 60_000, tag: 'test-other' });
    for (const cache of [feed, alsoFeed, other]) await cache.get('k', counter());

    invalidateResponseCache('test-feed');
    expect([feed.size, alsoFeed.size, other.size]).toEqual([0, 0, 1]);
    expect(feed.bytes).toBe(0);
    const compute = counter('fresh');
    expect(await read(feed.get('k', compute))).toBe('fresh#1');
  });

  it('does not keep an answer whose computation was invalidated under way', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, tag: 'test-in-flight' });
    let finish: (body: Buffer) => void = () => {};
    const stale = cache.get('k', () => new Promise<Buffer>((resolve) => (finish = resolve)));
    invalidateResponseCache('test-in-flight');
    finish(Buffer.from('read before the write'));
    expect(await read(stale)).toBe('read before the write');
    expect(await read(cache.get('k', async () => Buffer.from('after the write')))).toBe('after the write');
  });

  it('is no longer reached by its tag once disposed', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, tag: 'test-disposed' });
    cache.dispose();
    await cache.get('k', counter());
    invalidateResponseCache('test-disposed');
    expect(cache.size).toBe(1);
  });

  it('keeps at most maxEntries keys, dropping expired ones first, then the oldest', async () => {
    const c = clock();
    const cache = createResponseCache({ ttlMs: 1000, maxEntries: 3, now: c.now });
    await cache.get('old', counter('old'));
    c.advance(1000); // 'old' has expired
    await cache.get('a', counter('a'));
    await cache.get('b', counter('b'));
    await cache.get('c', counter('c'));
    expect(cache.size).toBe(3);
    await cache.get('d', counter('d')); // full of live entries: 'a', the oldest, goes
    expect(cache.size).toBe(3);
    const again = counter('a');
    await cache.get('a', again);
    expect(again).toHaveBeenCalledTimes(1);
    const kept = counter('c');
    expect(await read(cache.get('c', kept))).toBe('c#1');
    expect(kept).not.toHaveBeenCalled();
  });

  it('keeps at most maxBytes of answers, and never one larger than that', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 10 });
    await cache.get('a', async () => Buffer.alloc(4));
    await cache.get('b', async () => Buffer.alloc(4));
    expect(cache.bytes).toBe(8);
    await cache.get('c', async () => Buffer.alloc(4)); // 12 > 10: 'a' goes
    expect([cache.size, cache.bytes]).toEqual([2, 8]);
    expect((await cache.get('huge', async () => Buffer.alloc(11))).length).toBe(11); // served, not kept
    expect([cache.size, cache.bytes]).toEqual([2, 8]);
  });

  it('refuses a ttl or bounds that could never hold an answer', () => {
    expect(() => createResponseCache({ ttlMs: 0 })).toThrow();
    expect(() => createResponseCache({ ttlMs: 1000, maxEntries: 0 })).toThrow();
  });
});
