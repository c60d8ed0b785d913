/** The one Drizzle schema: every module's tables, for drizzle-kit and the db client. */
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/comments/comments.tables.ts';
export * from '../modules/drafts/drafts.tables.ts';
export * from '../modules/follows/follows.tables.ts';
export * from '../modules/points/points.tables.ts';
export * from '../modules/posts/posts.tables.ts';
export * from '../modules/safety/safety.tables.ts';
export * from '../modules/scan-login/scan-login.tables.ts';
export * from '../modules/uploads/uploads.tables.ts';
export * from '../modules/users/users.tables.ts';
