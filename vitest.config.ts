import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's own import alias (apps/web/vite.config.ts), for its unit tests.
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'apps/web/app') } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'apps/web/app/**/*.test.ts',
    ],
    // One migrated PGlite template for the whole run (apps/server/test/build-test-app.ts).
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core to its main process (one worker on a 2-core CI
    // machine); that process only collects results, so every core runs test files.
    // Measured on 2 cores: 143 s → 110 s for the whole run.
    maxWorkers: os.availableParallelism(),
  },
});
