// The contract's domains: one file each, named as the server module that serves it and
// the web feature that calls it. This is the one list: registry.ts finds every endpoint
// and errors.ts every `<domain>Errors` through it, and the client barrel re-exports it.
export * from './ai.ts';
export * from './auth.ts';
export * from './bookmarks.ts';
export * from './chat.ts';
export * from './chimes.ts';
export * from './comments.ts';
export * from './drafts.ts';
export * from './geocode.ts';
export * from './invites.ts';
export * from './likes.ts';
export * from './nearby.ts';
export * from './notify.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './places.ts';
export * from './points.ts';
export * from './posts.ts';
export * from './push.ts';
export * from './relations.ts';
export * from './reports.ts';
export * from './scan-login.ts';
export * from './search.ts';
export * from './shop.ts';
export * from './sitemap.ts';
export * from './teams.ts';
export * from './uploads.ts';
export * from './users.ts';
export * from './vip.ts';
