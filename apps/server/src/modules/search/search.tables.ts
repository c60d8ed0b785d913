import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';
import { postKey } from '../posts/index.ts';
import { productKey } from '../shop/index.ts';

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

/**
 * The search index of live users: nickname (A), car model (B) and bio (C), filled in the
 * transaction that creates or edits the account; a deleted account's row is removed.
 */
export const searchUsers = pgTable(
  'search_users',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey().references(userKey, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
  },
  (t) => [index('search_users_document_idx').using('gin', t.document)],
);

/**
 * The search index of products on sale: title (A), category path (B), spec names (C) and
 * description (D), filled in the transaction that saves the product; a product taken off
 * sale leaves it.
 */
export const searchProducts = pgTable(
  'search_products',
  {
    productId: bigint('product_id', { mode: 'number' }).primaryKey().references(productKey, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
  },
  (t) => [index('search_products_document_idx').using('gin', t.document)],
);

/** A person's search history: one row per word, the newest SEARCH_HISTORY_LIMIT kept. */
export const searchHistory = pgTable(
  'search_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_history_user_word_idx').on(t.userId, t.word),
    index('search_history_user_time_idx').on(t.userId, t.searchedAt.desc(), t.id.desc()),
  ],
);

/**
 * Who searched which word on which day (China time), once per person, word and day:
 * what hot words are counted from. `word` is the hot-word key (hot-words.ts). Rows older
 * than the hot window are deleted when hot words are computed.
 */
export const searchWordDays = pgTable(
  'search_word_days',
  {
    word: text('word').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.userId, t.day] }), index('search_word_days_day_idx').on(t.day)],
);

/** The hot words as last computed (every process reads the same list), best first. */
export const searchHotWords = pgTable('search_hot_words', {
  position: integer('position').primaryKey(),
  word: text('word').notNull(),
  score: doublePrecision('score').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().default(sql`now()`),
});
