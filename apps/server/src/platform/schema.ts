/** The one Drizzle schema: every module's tables, for drizzle-kit and the db client. */
export * from '../modules/posts/posts.tables.ts';
export * from '../modules/users/users.tables.ts';
