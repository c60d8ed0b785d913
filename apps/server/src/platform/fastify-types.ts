import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';
import type { StorageProvider } from './storage/index.ts';

/** Who is calling. Set by the auth module (accounts issue); null for anonymous callers. */
export type Viewer = { id: number };

// NOTE: declaration merging needs `interface`; this is the one place we use it.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: StorageProvider;
  }
  interface FastifyRequest {
    /** The logged-in user; null until a session is recognised. */
    viewer: Viewer | null;
  }
}
