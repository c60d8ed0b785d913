import type { FastifyInstance } from 'fastify';
import type { ServedEndpoint } from './endpoints.ts';
import type { EventSubscriptions } from './events.ts';

/**
 * One server module, as `modules/index.ts` lists it: the app registers its endpoints and
 * routes, subscribes its events and (through drizzle.config.ts) migrates its tables.
 * See docs/adding-a-module.md.
 */
export type ModuleDescriptor = {
  /** The folder name under src/modules, and the contract file's name when it has endpoints. */
  name: string;
  /** The contract endpoints it serves, each with its handler (`serve(endpoint, handler)`). */
  endpoints?: (app: FastifyInstance) => readonly ServedEndpoint[];
  /** Its Drizzle tables (`import * as tables from './<name>.tables.ts'`): no other module writes them. */
  tables?: Record<string, unknown>;
  /** How it reacts to what other modules announce. */
  events?: EventSubscriptions;
  /** What it serves besides contract endpoints, or hooks it needs (start-up, shutdown). */
  routes?: (app: FastifyInstance) => Promise<void>;
};

/** Declares a module (typed; no behaviour). */
export function defineModule(descriptor: ModuleDescriptor): ModuleDescriptor {
  return descriptor;
}
