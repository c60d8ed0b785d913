import { bigint, customType, index, pgTable } from 'drizzle-orm/pg-core';
import { postKey } from '../posts/index.ts';

/** A PostgreSQL `tsvector`, written only through toTsvectorSql (search-sql.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index of live posts: the terms of each post's content (weight B) and place
 * (weight C), filled in the post's transaction; a deleted post's row is removed.
 */
export const searchPosts = pgTable(
  'search_posts',
  {
    postId: bigint('post_id', { mode: 'number' }).primaryKey().references(postKey, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
  },
  (t) => [index('search_posts_document_idx').using('gin', t.document)],
);
