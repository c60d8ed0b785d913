import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The server's tests share one module registry per worker (`isolate: false`): each file
 * builds its own app on its own database, and importing the app once per worker instead
 * of once per file halves the suite (measured on 2 cores: 137 s → 69 s for 20 files of
 * modules/orders…teams). State a test keeps beyond its app must therefore be keyed by the
 * app (a WeakMap), never a module-level variable. The browser's and the scripts' unit
 * tests stay isolated: they are cheap to import and some set globals. So do the server's
 * tests of process-wide state: the event registry (events.test.ts subscribes throwing
 * subscribers for good) and lazy loading (detect-language.test.ts reads the require cache).
 */
const SERVER_TESTS = ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const SERVER_TESTS_OF_PROCESS_STATE = [
  'apps/server/src/platform/events.test.ts',
  'apps/server/src/platform/ai/detect-language.test.ts',
];
const ISOLATED_TESTS = ['scripts/**/*.test.ts', 'apps/web/app/**/*.test.ts', ...SERVER_TESTS_OF_PROCESS_STATE];

export default defineConfig({
  // The web app's own import alias (apps/web/vite.config.ts), for its unit tests.
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'apps/web/app') } },
  test: {
    // One migrated PGlite template for the whole run (apps/server/test/build-test-app.ts).
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core to its main process (one worker on a 2-core CI
    // machine); that process only collects results, so every core runs test files.
    // Measured on 2 cores: 143 s → 110 s for the whole run.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'server', include: SERVER_TESTS, exclude: SERVER_TESTS_OF_PROCESS_STATE, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
    ],
  },
});
