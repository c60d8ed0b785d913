// The whole contract, for the server, scripts and tests. The web app imports
// `@evcircle/contract/client` (client-index.ts): a new module the browser needs goes there.
export * from './client-index.ts';
export * from './envelope.ts';
export { endpoints } from './registry.ts';
export * from './schemas.ts';
