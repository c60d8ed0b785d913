import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ApiClient, createApiClient } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/platform/config.ts';
import { createDatabase, createMemoryDatabase, type Database, runMigrations } from '../src/platform/db.ts';
import { createInjectFetch } from '../src/platform/inject-fetch.ts';
import { createScratchDatabase, deleteRedisKeys, uniqueName } from './scratch-backends.ts';

export type TestApp = {
  app: FastifyInstance;
  /** The contract's own signed client, reaching the app in-process. */
  api: ApiClient;
  config: Config;
  /** Closes the app and removes everything it created (database, Redis keys, files). */
  close(): Promise<void>;
};

/**
 * Test backends follow the environment, as CI runs the API suite twice: in-memory
 * PGlite by default; a fresh PostgreSQL database per app when DATABASE_URL is set;
 * Redis with a per-app key prefix when REDIS_URL is set.
 */
const TEST_DATABASE_URL = process.env.DATABASE_URL;
const TEST_REDIS_URL = process.env.REDIS_URL;

/**
 * In-memory PGlite from the run's migrated template (global-setup.ts), when there is one:
 * a third of the time of initdb plus migrations. Otherwise (PostgreSQL, a file database,
 * no template) the app opens its own.
 */
async function templateDatabase(config: Config): Promise<Database | undefined> {
  if (config.DATABASE_URL !== 'memory://') return undefined;
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  return createMemoryDatabase(new Blob([await readFile(file)]));
}

/** A migrated in-memory PGlite database of its own, for tests of platform parts that need no app. */
export async function buildTestDatabase(): Promise<Database> {
  const file = inject('pgliteTemplate');
  if (file) return createMemoryDatabase(new Blob([await readFile(file)]));
  const database = await createDatabase({ DATABASE_URL: 'memory://', DATA_DIR: '' });
  await runMigrations(database);
  return database;
}

/**
 * A fresh app on isolated backends, with the signed contract client pointed at it; `deps`
 * replaces providers (a failing SMS sender, AI providers against local fakes).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  deps: Omit<AppDeps, 'database'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-test-'));
  const scratch = TEST_DATABASE_URL ? await createScratchDatabase(TEST_DATABASE_URL) : null;
  const keyPrefix = `evcircle-test:${uniqueName()}:`;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? 'memory://',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      // Video ladders start pg-boss and ffmpeg in the background: only the tests of them turn it on.
      VIDEO_HLS: 'false',
    }),
    ...overrides,
  };

  const cleanup = async () => {
    await scratch?.drop();
    // Only the shared test Redis holds keys of ours; an override may point elsewhere.
    if (TEST_REDIS_URL && config.REDIS_URL === TEST_REDIS_URL) await deleteRedisKeys(TEST_REDIS_URL, keyPrefix);
    // A file an upload or a media job was still writing as the app closed can land inside a
    // folder being removed (ENOTEMPTY: a rehearsal's fuzzing saw it): removal retries then.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };

  let app: FastifyInstance;
  let database: Database | undefined;
  try {
    database = await templateDatabase(config);
    app = await buildApp(config, { ...deps, database });
  } catch (err) {
    await database?.close();
    await cleanup();
    throw err;
  }
  const api = createApiClient({ baseUrl: '', signSecret: config.API_SIGN_SECRET, fetch: createInjectFetch(app) });
  let closed = false;
  return {
    app,
    api,
    config,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      // A database handed to buildApp is the caller's to close.
      await database?.close();
      await cleanup();
    },
  };
}
