import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerBuild } from 'react-router';
import { modules } from './modules/index.ts';
import { type AiProviders, createAiProviders } from './platform/ai/index.ts';
import { registerCompression } from './platform/compression.ts';
import type { Config } from './platform/config.ts';
import { createDatabase, type Database, runMigrations } from './platform/db.ts';
import { assertAllEndpointsRegistered, registerServed } from './platform/endpoints.ts';
import { registerErrorHandler, registerNotFoundHandler } from './platform/error-handler.ts';
import { answerFrameworkError } from './platform/framework-errors.ts';
import './platform/fastify-types.ts';
import { relayEvents, setEventLogger, settleEvents, subscribeAll } from './platform/events.ts';
import { registerHealthRoutes } from './platform/health.ts';
import { createJobQueue } from './platform/jobs.ts';
import { configureMediaTools, reportMediaTools } from './platform/media-tools.ts';
import { createPayments, type Payments } from './platform/payments/index.ts';
import { createPushProvider, type PushProvider } from './platform/push/index.ts';
import { createRateLimiter, registerApiRateLimit } from './platform/rate-limit.ts';
import { attachRealtime } from './platform/realtime.ts';
import { closeRedis, createRedis } from './platform/redis.ts';
import { echoRequestId, genRequestId } from './platform/request-id.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerSignVerification } from './platform/sign-verify.ts';
import { createSmsProvider, type SmsProvider } from './platform/sms/index.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import { createStorage, type StorageProvider } from './platform/storage/index.ts';
import { registerInputRules } from './platform/validation.ts';

export type { Config } from './platform/config.ts';

export type AppDeps = {
  /** An open, migrated database owned by the caller (not closed with the app). */
  database?: Database;
  storage?: StorageProvider;
  /** Replaces the SMS provider SMS_PROVIDER names (tests: a recording or failing one). */
  sms?: SmsProvider;
  /** Replaces the payment providers the configuration names (tests: a provider against a local fake). */
  payments?: Payments;
  /** Replaces the AI providers the configuration names (tests: adapters against local fakes, failing ones). */
  ai?: AiProviders;
  /** Replaces the Web Push sender (tests: the adapter trusting a local fake push service). */
  push?: PushProvider;
};

/** What buildApp uses of web/web.plugin.ts. */
type WebPluginModule = {
  webPlugin: FastifyPluginAsync<{ config: Config; build?: ServerBuild }>;
  importWebBuild(buildDir: string): Promise<ServerBuild>;
};

/** The web plugin's module and the web build it serves. */
type LoadedWeb = { plugin: WebPluginModule; build: ServerBuild };

/** The web plugin lives in the web engineer's folder and needs a built client. */
const WEB_PLUGIN_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web/web.plugin.ts');

/**
 * Builds the whole server — API, health, realtime, files, web — without listening.
 * Tests call it too. Everything it opens (database, Redis, Socket.IO) is closed by
 * `app.close()`.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    genReqId: genRequestId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT_BYTES,
    frameworkErrors: answerFrameworkError,
  });

  try {
    await assemble(app, config, deps);
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}

async function assemble(app: FastifyInstance, config: Config, deps: AppDeps): Promise<void> {
  // Finding ffmpeg/ffprobe runs each once: let that happen while the database opens.
  const mediaTools = configureMediaTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH });
  // Awaited below; this only keeps a failure to open the database from leaving it unhandled.
  mediaTools.catch(() => {});
  // Importing the web build (React and the pages: the biggest import of a start) overlaps
  // with opening the database the same way.
  const web = loadWeb(config, app);
  web.catch(() => {});
  const database = deps.database ?? (await openDatabase(config, app));
  // After-commit work (notifications) finishes before the database closes.
  app.addHook('onClose', async () => {
    await settleEvents(database.db);
    if (!deps.database) await database.close();
  });
  if (deps.database) await runMigrations(database);

  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    const client = createRedis(config.REDIS_URL, app.log, 'evcircle');
    redis = client;
    app.addHook('onClose', () => closeRedis(client));
  }

  const storage = deps.storage ?? createStorage(config);
  // A missing ffmpeg turns video processing off (said once here); everything else is served.
  reportMediaTools(app.log, await mediaTools);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate<StorageProvider>('storage', storage);
  app.decorate('sms', deps.sms ?? createSmsProvider(config, app.log));
  app.decorate('payments', deps.payments ?? createPayments(config, app.log));
  app.decorate('ai', deps.ai ?? (await createAiProviders(config, app.log, mediaTools)));
  app.decorate('push', deps.push ?? createPushProvider());
  app.decorate('limiter', createRateLimiter(redis, config.REDIS_KEY_PREFIX));
  app.decorate('jobs', createJobQueue({ database, log: app.log }));
  app.decorateRequest('viewer', null);

  subscribeAll(modules.flatMap((m) => (m.events ? [m.events] : [])));
  setEventLogger(database.db, app.log);
  if (redis) {
    const stopRelay = relayEvents(database.db, redis, config.REDIS_KEY_PREFIX, app.log);
    app.addHook('onClose', stopRelay);
  }

  echoRequestId(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerErrorHandler(app);
  await registerApiRateLimit(app, config, redis, config.REDIS_KEY_PREFIX);
  // Unknown API paths count against the limit too (scanners probe them).
  registerNotFoundHandler(app, app.rateLimit());
  registerInputRules(app);
  registerSignVerification(app, config.API_SIGN_SECRET);
  // Before the modules: their routes add socket handlers, the auth module recognises sockets.
  app.decorate('realtime', attachRealtime(app, { redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX }));

  for (const module of modules) {
    if (module.routes) await module.routes(app);
    if (module.endpoints) await registerServed(app, module.endpoints(app));
  }
  assertAllEndpointsRegistered(app);
  // Once the modules defined their jobs. onClose hooks run last-added first: the queue
  // stops (running handlers finish) before the modules', Redis's and the database's hooks.
  app.addHook('onClose', () => app.jobs.stop());
  await app.jobs.start();

  registerHealthRoutes(app, { database, redis });

  // STORAGE=s3 serves files from the bucket's public URL instead.
  if (storage.kind === 'local') await app.register(filesRoutes, { storage, config });
  const loaded = await web;
  if (loaded) await app.register(loaded.plugin.webPlugin, { config, build: loaded.build });
}

async function openDatabase(config: Config, app: FastifyInstance): Promise<Database> {
  const database = await createDatabase(config, app.log);
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * The web plugin and the web build it serves, when the web is to be served and a client
 * build exists. The plugin is registered last (its catch-all must not shadow anything).
 */
async function loadWeb(config: Config, app: FastifyInstance): Promise<LoadedWeb | null> {
  if (!config.SERVE_WEB) return null;
  const serverBuild = path.join(config.WEB_BUILD_DIR, 'server/index.js');
  if (!existsSync(serverBuild)) {
    app.log.warn({ serverBuild }, 'web build not found: only the API is served (run `npm run build`)');
    return null;
  }
  if (!existsSync(WEB_PLUGIN_FILE)) {
    app.log.warn({ file: WEB_PLUGIN_FILE }, 'web plugin missing: only the API is served');
    return null;
  }
  // NOTE: esbuild sees a literal path here and compiles the plugin into the server
  // (scripts/lib/server-build.mjs); `as string` keeps tsc from following it into the
  // scripts' typecheck, whose DOM library the web plugin is not written for.
  const plugin = (await import('./web/web.plugin.ts' as string)) as WebPluginModule;
  return { plugin, build: await plugin.importWebBuild(config.WEB_BUILD_DIR) };
}
