// Post search in the benchmark: a person's latency (exact p50/p95/p99 from one client
// asking again and again) for a 1-character, a 2-character and a 3-word query, and the
// plan PostgreSQL or PGlite chooses for each (issue 14).
import path from 'node:path';
import { createApiClient, postSearch } from '@evcircle/contract';
import { sql } from 'drizzle-orm';
import { postSearchQuery } from '../../apps/server/src/modules/search/index.ts';
import { type Db, executeRows } from '../../apps/server/src/platform/db.ts';
import { runNodeJson } from './node-child.ts';

/** The three queries of issue 14: a character, a word of two, three words. */
export const SEARCH_QUERIES = [
  ['1 character', '电'],
  ['2 characters', '续航'],
  ['3 words', '特斯拉 高速 充电'],
] as const;
/** The target of issue 14: p95 under this many milliseconds. */
export const SEARCH_P95_TARGET_MS = 30;
/** Requests per query of the latency client. */
const LATENCY_REQUESTS = 300;

export type SearchLatency = { name: string; word: string; hits: number; p50: number; p95: number; p99: number };

function latencyClient(url: string, requests: number): Promise<Omit<SearchLatency, 'name' | 'word' | 'hits'>> {
  return runNodeJson(
    [path.join(import.meta.dirname, 'latency-client.mjs'), url, String(requests)],
    'the latency client',
  );
}

/** Signs one page-1 search URL for `word` exactly as the web client does, and answers its hit count. */
async function signedSearchUrl(address: string, signSecret: string, word: string): Promise<[string, number]> {
  let url = '';
  const api = createApiClient({
    baseUrl: address,
    signSecret,
    fetch: (input, init) => {
      url = input;
      return fetch(input, init);
    },
  });
  const hits = await api.call(postSearch, { word, idx: 1, size: 20 });
  return [url, hits.length];
}

/**
 * Each query's latency from one client, after a short warm-up, and the bare hello
 * route's measured the same way (the yardstick of the same run).
 */
export async function measureSearch(
  address: string,
  signSecret: string,
  helloUrl: string,
): Promise<{ hello: SearchLatency; queries: SearchLatency[] }> {
  await latencyClient(helloUrl, 20);
  const hello = { name: 'hello', word: '', hits: 0, ...(await latencyClient(helloUrl, LATENCY_REQUESTS)) };
  const queries: SearchLatency[] = [];
  for (const [name, word] of SEARCH_QUERIES) {
    const [url, hits] = await signedSearchUrl(address, signSecret, word);
    await latencyClient(url, 20);
    queries.push({ name, word, hits, ...(await latencyClient(url, LATENCY_REQUESTS)) });
  }
  return { hello, queries };
}

/** Inlines bind parameters for EXPLAIN (bench-only; the values are the bench's own words). */
function inline(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** The plan (EXPLAIN ANALYZE) of a visitor's first page of search for `word`. */
export async function explainSearch(db: Db, word: string): Promise<string> {
  const query = postSearchQuery(db, word, { page: 1, size: 20, viewerId: null }).toSQL();
  const rows = await executeRows<{ 'QUERY PLAN': string }>(
    db,
    sql.raw(`explain (analyze, costs off, timing off, summary on) ${inline(query.sql, query.params)}`),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
