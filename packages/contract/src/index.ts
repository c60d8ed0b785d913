// The whole contract, for the server, scripts and tests: every endpoint declaration with
// its schemas. The web app imports `@evcircle/contract/client` (client-index.ts).
export * from './access.ts';
export * from './domains.ts';
export * from './envelope.ts';
export { endpoints } from './registry.ts';
export * from './schemas.ts';
export * from './shared.ts';
