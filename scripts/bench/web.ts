// `npm run bench:web`: the first-load JavaScript of every page of the current web build
// (`npm run build` first), as `npm run bench` prints it at its end, in a second and with
// no database. Exits 1 when a page is over the budget or a route is not watched.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  FIRST_LOAD_BUDGET_BYTES,
  measureFirstLoad,
  printFirstLoad,
  unwatchedRoutes,
  WATCHED_PAGES,
} from './first-load.ts';

const WEB_BUILD_DIR = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'build');

if (!existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js'))) {
  console.error('✖ no web build: run `npm run build` first');
  process.exit(1);
}
const pages = await measureFirstLoad(WEB_BUILD_DIR, WATCHED_PAGES);
const unwatched = await unwatchedRoutes(WEB_BUILD_DIR, WATCHED_PAGES);
printFirstLoad(pages, unwatched);
const missed = pages.filter((page) => page.br > FIRST_LOAD_BUDGET_BYTES);
if (missed.length > 0 || unwatched.length > 0) {
  console.error(
    `✖ over the budget: ${missed.map((page) => page.page).join(', ') || 'none'}; not watched: ${unwatched.join(', ') || 'none'}`,
  );
  process.exitCode = 1;
}
