// The backfill's walk: windows of ids up to the highest one, each read until it runs dry.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.ts';
import { backfill, type SearchIndex } from './index-rows.ts';

describe('backfill', () => {
  it('asks for the missing rows window by window, from the first id through the last, once each', async () => {
    const windows: { afterId: number; throughId: number }[] = [];
    const indexed = await backfill(
      {} as Db,
      {} as SearchIndex,
      {
        lastId: async () => 45_000,
        missing: async ({ afterId, throughId }) => {
          windows.push({ afterId, throughId });
          return [];
        },
      },
      () => {
        throw new Error('nothing is missing: no document is built');
      },
    );
    expect(indexed).toBe(0);
    expect(windows).toEqual([
      { afterId: 0, throughId: 20_000 },
      { afterId: 20_000, throughId: 40_000 },
      { afterId: 40_000, throughId: 45_000 },
    ]);
  });

  it('reads nothing when there is no row at all', async () => {
    let asked = 0;
    const indexed = await backfill(
      {} as Db,
      {} as SearchIndex,
      {
        lastId: async () => 0,
        missing: async () => {
          asked++;
          return [];
        },
      },
      () => {
        throw new Error('unreachable');
      },
    );
    expect([indexed, asked]).toEqual([0, 0]);
  });
});
