#!/usr/bin/env node
// `npm run test:e2e`: builds the web app if needed, then runs the Playwright suite against
// that production build (playwright.config.ts starts a seeded server on port 3105).
// Extra arguments go to Playwright: `npm run test:e2e -- e2e/home.spec.ts --project=mobile`.
import { join } from 'node:path';
import { ensureWebBuild } from './build-if-needed.mjs';
import { ensureBrowserDeps } from './lib/browser-deps.mjs';
import { ROOT, requireInstalled, run } from './lib/proc.mjs';

requireInstalled();

// The system Chromium and fonts (never a browser Playwright downloads); installed when possible.
if (await ensureBrowserDeps()) process.exit(1);

const buildCode = await ensureWebBuild();
if (buildCode !== 0) process.exit(buildCode);

const playwright = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
process.exitCode = await run(process.execPath, [playwright, 'test', ...process.argv.slice(2)]);
