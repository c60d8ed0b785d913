#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project checked with tsc, in two lanes side by side
// (tsc uses one core; on the 2-core CI machine this halves the stage: docs/decisions/0009).
// Each project's output is printed when it finishes; the exit code is non-zero if any failed.
import { join } from 'node:path';
import { formatDuration, ROOT, runCaptured } from './lib/proc.mjs';

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const reactRouter = join(ROOT, 'node_modules', '@react-router', 'dev', 'bin.js');

/** One project: the commands that check it, run in order. */
const project = (name, cwd, ...commands) => ({ name, cwd: join(ROOT, cwd), commands });
const check = (tsconfig = '.') => [process.execPath, [tsc, '--noEmit', '-p', tsconfig]];

// Balanced by measured time (apps/server ≈ scripts ≈ 27 s, web ≈ 23 s, contract ≈ e2e ≈ 8 s).
const LANES = [
  [project('apps/server', 'apps/server', check()), project('packages/contract', 'packages/contract', check())],
  [
    project('apps/web', 'apps/web', [process.execPath, [reactRouter, 'typegen']], check()),
    // The service worker: WebWorker types, apart from the page's DOM ones.
    project('apps/web/sw', 'apps/web', check('sw/tsconfig.json')),
    project('scripts', '.', check('scripts/tsconfig.json')),
    project('e2e', '.', check('e2e/tsconfig.json')),
  ],
];

const failed = [];
await Promise.all(
  LANES.map(async (lane) => {
    for (const { name, cwd, commands } of lane) {
      const started = Date.now();
      let code = 0;
      let output = '';
      for (const [command, args] of commands) {
        const result = await runCaptured(command, args, { cwd });
        output += result.output;
        code = result.code;
        if (code !== 0) break;
      }
      const took = formatDuration(Date.now() - started);
      if (code === 0) console.log(`✔ tsc ${name} (${took})`);
      else {
        failed.push(name);
        console.log(`✖ tsc ${name} failed (${took}):\n${output.trimEnd()}`);
      }
    }
  }),
);
if (failed.length > 0) console.log(`✖ typecheck failed: ${failed.join(', ')}`);
process.exitCode = failed.length > 0 ? 1 : 0;
