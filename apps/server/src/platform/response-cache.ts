/**
 * A short-lived, bounded cache of finished answers (the bytes sent), shared by all
 * callers who would get the same answer. registerEndpoint uses it for endpoints that
 * declare `anonymousCacheMs`: callers without a viewer get, for up to that long, the
 * envelope already serialized for the same parsed input.
 *
 * Freshness: an answer may lag writes by up to `ttlMs`. Writes that change what a
 * cached endpoint answers call invalidateResponseCache(tag) so this process forgets
 * it at once; other processes (several server instances) still catch up within ttlMs.
 */

export type ResponseCacheOptions = {
  /** How long an answer is served again, in milliseconds. */
  ttlMs: number;
  /** Names the cache for invalidateResponseCache; several caches may share a tag. */
  tag?: string;
  /** Most distinct keys kept at once (the oldest goes first). */
  maxEntries?: number;
  /** Most bytes of answers kept at once (the oldest goes first). */
  maxBytes?: number;
  now?: () => number;
};

export type ResponseCache = {
  /**
   * The answer cached for `key`, or the one `compute` makes (and is cached). While a
   * computation is under way, callers asking for the same key share it. A failed
   * computation is not remembered: its callers all get the error, the next one retries.
   */
  get(key: string, compute: () => Promise<Buffer>): Promise<Buffer>;
  /** Forgets every answer, including computations under way. */
  clear(): void;
  /** Stops invalidateResponseCache(tag) reaching this cache (the app is closing). */
  dispose(): void;
  /** Keys held, in-flight computations included (for tests and diagnostics). */
  readonly size: number;
  /** Bytes of finished answers held. */
  readonly bytes: number;
};

export const RESPONSE_CACHE_DEFAULTS = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 } as const;

type Entry = { body: Promise<Buffer>; expiresAt: number; bytes: number };

/** Caches by tag, for invalidateResponseCache. */
const byTag = new Map<string, Set<ResponseCache>>();

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const { ttlMs, tag, now = Date.now } = options;
  const maxEntries = options.maxEntries ?? RESPONSE_CACHE_DEFAULTS.maxEntries;
  const maxBytes = options.maxBytes ?? RESPONSE_CACHE_DEFAULTS.maxBytes;
  if (!(ttlMs > 0)) throw new Error('a response cache needs a positive ttlMs');
  if (!(maxEntries >= 1) || !(maxBytes >= 1)) throw new Error('a response cache needs room for one answer');

  // Insertion order is age order: entries are only ever added at the end.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const dropExpired = (t: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= t) remove(key, entry);
  };

  /** Room for one more key: expired entries go, then the oldest. */
  const makeRoomForKey = (t: number) => {
    if (entries.size < maxEntries) return;
    dropExpired(t);
    for (const [key, entry] of entries) {
      if (entries.size < maxEntries) return;
      remove(key, entry);
    }
  };

  /** Back under maxBytes: expired entries go, then the oldest finished ones. */
  const trimBytes = (t: number) => {
    if (bytes <= maxBytes) return;
    dropExpired(t);
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) return;
      if (entry.bytes > 0) remove(key, entry);
    }
  };

  const cache: ResponseCache = {
    get(key, compute) {
      const t = now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > t) return cached.body;
      if (cached) remove(key, cached);
      makeRoomForKey(t);

      const entry: Entry = { body: compute(), expiresAt: t + ttlMs, bytes: 0 };
      entries.set(key, entry);
      entry.body.then(
        (body) => {
          // Cleared, replaced or evicted meanwhile: the answer goes to its callers only.
          if (entries.get(key) !== entry) return;
          if (body.length > maxBytes) return remove(key, entry);
          entry.bytes = body.length;
          bytes += body.length;
          trimBytes(now());
        },
        () => remove(key, entry),
      );
      return entry.body;
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    dispose() {
      cache.clear();
      if (tag !== undefined) byTag.get(tag)?.delete(cache);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };

  if (tag !== undefined) {
    let caches = byTag.get(tag);
    if (!caches) {
      caches = new Set();
      byTag.set(tag, caches);
    }
    caches.add(cache);
  }
  return cache;
}

/**
 * Forgets every answer cached under `tag` in this process. Call it after any write
 * that changes what the tagged endpoints answer (next to the write's other
 * invalidations), so a caller never sees an answer older than their own write.
 */
export function invalidateResponseCache(tag: string): void {
  for (const cache of byTag.get(tag) ?? []) cache.clear();
}
