import type { Db } from './db.ts';

/**
 * A small in-memory cache kept per database handle (tests run many apps in one process;
 * each has its own), whose entries expire at a time their writer chooses. Used where a
 * module answers from memory and forgets on its events: feed pages, sessions, a viewer's
 * relations. Once a database holds `sweepAt` entries, expired ones are swept on write,
 * so memory stays bounded.
 */
export type PerDatabaseCache<K, V> = {
  /** The live value of `key`, or undefined (never set, expired or forgotten). */
  get(db: Db, key: K, now?: number): V | undefined;
  /** Remembers `value` until `until` (epoch milliseconds). */
  set(db: Db, key: K, value: V, until: number, now?: number): void;
  /** Forgets the entries `test` picks; with no test, every entry of this database. */
  forget(db: Db, test?: (value: V, key: K) => boolean): void;
};

export function createPerDatabaseCache<K, V>(sweepAt: number): PerDatabaseCache<K, V> {
  const maps = new WeakMap<Db, Map<K, { value: V; until: number }>>();
  return {
    get(db, key, now = Date.now()) {
      const entry = maps.get(db)?.get(key);
      return entry && entry.until > now ? entry.value : undefined;
    },
    set(db, key, value, until, now = Date.now()) {
      let map = maps.get(db);
      if (!map) {
        map = new Map();
        maps.set(db, map);
      }
      if (map.size >= sweepAt) for (const [k, entry] of map) if (entry.until <= now) map.delete(k);
      map.set(key, { value, until });
    },
    forget(db, test) {
      const map = maps.get(db);
      if (!map) return;
      if (!test) map.clear();
      else for (const [k, entry] of map) if (test(entry.value, k)) map.delete(k);
    },
  };
}
