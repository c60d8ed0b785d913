import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { posts } from './posts.tables.ts';

/**
 * A condition for another module's query: the post `postId` refers to exists and is not
 * deleted (the chimes module lists only chimes whose post is live). An EXISTS over the
 * primary key, so it costs one index probe a row.
 */
export function isLivePost(db: Db, postId: AnyPgColumn): SQL {
  return sql`exists (${db
    .select({ one: sql`1` })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))})`;
}
