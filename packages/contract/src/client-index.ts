// `@evcircle/contract/client`: the part of the contract the browser uses. Endpoints come
// as ClientEndpoints (client-endpoints.generated.ts: method and path, no zod schemas),
// so a page that calls the API loads neither zod nor the schemas of every endpoint of a
// domain; the declarations' types still come along. A form that validates with an
// endpoint's schema imports it from `@evcircle/contract/declarations` (its page then
// loads zod). Left out: the endpoint registry, the envelope builders and the zod field
// builders (schemas.ts). `"sideEffects": false` lets the bundler leave out every module
// a page does not import from. See index.ts for the full contract.
export * from './client-endpoints.generated.ts';
export type * from './domain-types.ts';
export * from './shared.ts';
