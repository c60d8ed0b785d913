import type { WebLoadContext } from '@evcircle/contract/client';

// Loaders and actions receive what the Fastify web plugin builds (apps/server/src/web).
declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
