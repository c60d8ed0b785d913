// `@evcircle/contract/declarations`: the endpoint declarations with their zod schemas,
// for a browser form that validates before it sends (its page loads zod). The server
// and tests use the full contract (index.ts).
export * from './domains.ts';
