// `@evcircle/contract/client`: the part of the contract the browser uses. It leaves out the
// endpoint registry (registry.ts, which the server walks to register its routes), the envelope
// builders the server answers with (envelope.ts) and the zod field builders endpoints are
// declared with (schemas.ts). errors.ts (ERRORS reads every domain) is exported for its
// types; a page that imports nothing from it does not bundle it. The zod schemas an endpoint declaration carries still come
// along with it; package.json's `"sideEffects": false` lets the bundler leave out every
// declaration module a page does not import from. See index.ts for the full contract.
export * from './client.ts';
export * from './constants.ts';
export * from './domains.ts';
export * from './endpoint.ts';
export * from './entities/comment.ts';
export * from './entities/draft.ts';
export * from './entities/post.ts';
export * from './entities/user.ts';
export * from './errors.ts';
export * from './input-rules.ts';
export * from './media.ts';
export * from './messages.ts';
export * from './realtime.ts';
export * from './sign.ts';
export * from './ssr.ts';
export * from './status.ts';
