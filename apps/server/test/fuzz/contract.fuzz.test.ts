// Contract fuzzing (issue 22 part 1): every endpoint of the contract, as an anonymous
// visitor, a member and an administrator, with valid and hostile inputs (runner.ts). No
// answer may be an HTTP 5xx, an envelope 5000 or leak a stack trace or SQL; unknown fields
// are never stored; the server answers normally afterwards. `npm run fuzz` runs it with
// `--runs` per endpoint and role; in `npm test` it has a time budget (FUZZ_BUDGET_MS).
import { randomBytes } from 'node:crypto';
import { myAccount, vipPlans } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { newPerson } from '../login-as.ts';
import { PDF_BYTES, pngWithAlpha } from '../test-media.ts';
import { tablesHolding } from './marker-scan.ts';
import { type FuzzSummary, runFuzz } from './runner.ts';

const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 55_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomBytes(4).readInt32LE();
const MARKER = `fzmark${randomBytes(6).toString('hex')}`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {
      // The API-wide limit would answer most calls RATE_LIMITED within the first second.
      RATE_LIMIT_MAX: 1_000_000_000,
      // Bookmark fetches of fuzzed URLs must never leave the machine: no port is allowed but one nobody serves.
      BOOKMARK_FETCH_PORTS: [1],
    },
    // Pushes to fuzzed subscription endpoints go nowhere.
    { push: { send: async () => ({ kind: 'sent', statusCode: 201 }) } },
  );
});
afterAll(() => t?.close());

describe('contract fuzzing', () => {
  let summary: FuzzSummary | undefined;

  it(
    'answers every endpoint and role with an envelope, never a 5xx, 5000 or leaked internals',
    async () => {
      const png = await pngWithAlpha(4, 4);
      const vtt = new TextEncoder().encode('WEBVTT\n\n00:00.000 --> 00:01.000\n你好\n');
      summary = await runFuzz(t, {
        seed: SEED,
        marker: MARKER,
        ...(RUNS ? { runs: RUNS } : { budgetMs: BUDGET_MS, minRuns: 3 }),
        sampleFiles: [png, PDF_BYTES, vtt],
      });
      const seconds = (summary.ms / 1000).toFixed(1);
      console.log(
        `fuzz: ${summary.endpoints} endpoints × 3 roles, ${summary.calls} calls in ${seconds} s ` +
          `(${Math.round(summary.calls / (summary.ms / 1000))}/s), seed ${SEED}, ${summary.failures.length} failing`,
      );
      console.log(`fuzz: answers by status ${JSON.stringify(summary.statuses)}`);
      console.log(`fuzz: slowest ${summary.slowest.map((s) => `${s.endpoint} ${s.msPerCall} ms`).join(', ')}`);
      expect(summary.failures.map((f) => f.report).join('\n\n')).toBe('');
      // Every endpoint and role visited at least a few times (or `--runs` times, when fewer).
      expect(summary.calls).toBeGreaterThanOrEqual(summary.combinations * Math.min(3, RUNS ?? 3));
    },
    RUNS ? 24 * 3_600_000 : BUDGET_MS + 120_000,
  );

  it('stores no unknown field: no table holds the marker they carried', async () => {
    expect(summary, 'the fuzz run above did not finish').toBeDefined();
    // The scan itself finds a planted row, so an empty answer below means something.
    const canary = `fzcanary${randomBytes(6).toString('hex')}`;
    await createUser(t.app.db, { bio: `简介 ${canary}` });
    expect(await tablesHolding(t.app.db, canary)).toEqual([{ table: 'public.users', rows: 1 }]);
    expect(await tablesHolding(t.app.db, MARKER)).toEqual([]);
  });

  it('is still healthy afterwards', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    expect((await t.api.call(vipPlans)).length).toBeGreaterThan(0);
    const member = await newPerson(t);
    expect((await member.api.call(myAccount)).uid).toBe(member.id);
  });
});
