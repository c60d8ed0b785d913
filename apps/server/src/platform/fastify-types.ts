import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';
import type { Payments } from './payments/index.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SmsProvider } from './sms/index.ts';
import type { StorageProvider } from './storage/index.ts';

/** Who is calling: set from the session by modules/auth/viewer.plugin.ts; null for anonymous callers. */
export type Viewer = { id: number; sessionId: number; role: 'user' | 'admin'; isVip: boolean };

// NOTE: declaration merging needs `interface`; this is the one place we use it.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: StorageProvider;
    /** The payment providers the configuration switches on (platform/payments). */
    payments: Payments;
    /** The AI providers the configuration chose (platform/ai). */
    ai: import('./ai/index.ts').AiProviders;
    /** Sends Web Push notifications (platform/push). */
    push: import('./push/index.ts').PushProvider;
    /** Sends login codes (SMS_PROVIDER). */
    sms: SmsProvider;
    /** Counts per-endpoint and per-rule limits; Redis-backed when REDIS_URL is set, so every process shares them. */
    limiter: RateLimiter;
    /** Durable background jobs (platform/jobs.ts): modules define theirs in `routes`, before the app starts it. */
    jobs: import('./jobs.ts').JobQueue;
    /** Socket.IO at /realtime: emits to a user's sockets in every process (platform/realtime.ts). */
    realtime: import('./realtime.ts').RealtimeHub;
  }
  interface FastifyContextConfig {
    /** The declared `auth` of a contract endpoint's route (registerEndpoint). */
    auth?: import('@evcircle/contract').AuthRule;
  }
  interface FastifyRequest {
    /** The logged-in user; null until a session is recognised. */
    viewer: Viewer | null;
  }
}
