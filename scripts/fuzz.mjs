#!/usr/bin/env node
// `npm run fuzz [-- --runs N] [--seed S] [--budget SECONDS]`: the contract fuzzing of issue 22
// (apps/server/test/fuzz/contract.fuzz.test.ts). `--runs` calls each endpoint as each role N
// times (`--runs 10000` is the full battery); without it the test's time budget applies
// (`--budget`, 55 s by default, as in `npm test`). `--seed` replays a printed run.
// DATABASE_URL and REDIS_URL pass through: fuzz PostgreSQL + Redis as CI's second pass does.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, requireInstalled, run } from './lib/proc.mjs';

const USAGE = 'Usage: npm run fuzz -- [--runs <N per endpoint and role>] [--seed <integer>] [--budget <seconds>]';

/** The environment for the fuzz test from the command line's options; throws on a bad value. */
function fuzzEnv(argv) {
  const { values } = parseArgs({
    args: argv,
    options: { runs: { type: 'string' }, seed: { type: 'string' }, budget: { type: 'string' } },
  });
  const env = {};
  const integer = (name, text, min) => {
    if (!/^-?\d+$/.test(text) || Number(text) < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return text;
  };
  if (values.runs !== undefined) env.FUZZ_RUNS = integer('runs', values.runs, 1);
  if (values.seed !== undefined) env.FUZZ_SEED = integer('seed', values.seed, -(2 ** 31));
  if (values.budget !== undefined) env.FUZZ_BUDGET_MS = String(Number(integer('budget', values.budget, 1)) * 1000);
  return env;
}

requireInstalled();
let env;
try {
  env = fuzzEnv(process.argv.slice(2));
} catch (err) {
  console.error(`✖ ${err.message}\n${USAGE}`);
  process.exit(2);
}
const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
process.exitCode = await run(process.execPath, [vitest, 'run', 'apps/server/test/fuzz/contract.fuzz.test.ts'], {
  env: { ...process.env, ...env },
});
