import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/**
 * A person's saved links. `url` is normalised (normalizeBookmarkUrl), one row per person
 * and URL; `host` is the URL's host, for the domain blocklist and hot links; `faviconKey`
 * is the storage key of the icon copy the meta fetch stored ('' for none).
 */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    host: text('host').notNull(),
    title: text('title').notNull().default(''),
    faviconKey: text('favicon_key').notNull().default(''),
    note: text('note').notNull().default(''),
    folder: text('folder').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookmarks_user_url_idx').on(t.userId, t.url),
    index('bookmarks_user_id_idx').on(t.userId, t.id.desc()),
    index('bookmarks_url_created_idx').on(t.url, t.createdAt),
    index('bookmarks_created_idx').on(t.createdAt),
  ],
);

/** A person's recent URLs (SPEC.md §3 URL history entry: hid is `id`), one row per person and URL. */
export const bookmarkUrlHistory = pgTable(
  'bookmark_url_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull().default(''),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookmark_url_history_user_url_idx').on(t.userId, t.url),
    index('bookmark_url_history_user_visited_idx').on(t.userId, t.visitedAt.desc()),
  ],
);

/** Links an admin pinned to the hot list (set-hot), newest pin first. */
export const bookmarkHotPins = pgTable('bookmark_hot_pins', {
  url: text('url').primaryKey(),
  title: text('title').notNull().default(''),
  pinnedBy: bigint('pinned_by', { mode: 'number' }).references(userKey, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Domains (and their subdomains) no bookmark, history entry or meta fetch may name; admins edit it. */
export const bookmarkBlockedDomains = pgTable('bookmark_blocked_domains', {
  domain: text('domain').primaryKey(),
  reason: text('reason').notNull().default(''),
  createdBy: bigint('created_by', { mode: 'number' }).references(userKey, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the meta fetch found at a URL (the normalised URL asked for): the title and the
 * key of the stored icon copy ('' for none), kept BOOKMARK_META_TTL per URL for everyone.
 */
export const bookmarkPageMeta = pgTable(
  'bookmark_page_meta',
  {
    url: text('url').primaryKey(),
    title: text('title').notNull(),
    faviconKey: text('favicon_key').notNull().default(''),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bookmark_page_meta_fetched_idx').on(t.fetchedAt)],
);
