import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

// The shop (docs/decisions/0012-shop-rules.md). Amounts are integer fen.

/** Product categories: a tree (parent_id null = a top category), ordered by sort then id. */
export const shopCategories = pgTable(
  'shop_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // NOTE: no cascade: a category with sub-categories is CATEGORY_NOT_EMPTY, never removed with them.
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => shopCategories.id),
    name: text('name').notNull(),
    /** An Iconify icon name (`mdi:car-battery`) an admin picked; served by /api/icons. */
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_categories_parent_idx').on(t.parentId)],
);

export const shopProducts = pgTable(
  'shop_products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => shopCategories.id),
    title: text('title').notNull(),
    /** Sanitized HTML (shop-html.ts). */
    description: text('description').notNull().default(''),
    /** Storage keys; the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    onSale: boolean('on_sale').notNull().default(false),
    /** The promotion window; SKUs with a promo price cost it while now is inside. */
    promoStart: timestamp('promo_start', { withTimezone: true }),
    promoEnd: timestamp('promo_end', { withTimezone: true }),
    sales: integer('sales').notNull().default(0),
    /** Curated order of the `default` sort: higher first, then newest. */
    weight: integer('weight').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_products_category_idx').on(t.categoryId), index('shop_products_created_idx').on(t.createdAt)],
);

/** Spec groups (颜色, 规格, 车型 …) of a product, in `position` order. */
export const shopSpecGroups = pgTable(
  'shop_spec_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('shop_spec_groups_product_name_idx').on(t.productId, t.name)],
);

/** Options of a spec group; the id is the `apid` cart calls name, kept across edits. */
export const shopSpecOptions = pgTable(
  'shop_spec_options',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => shopSpecGroups.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('shop_spec_options_group_name_idx').on(t.groupId, t.name),
    index('shop_spec_options_product_idx').on(t.productId),
  ],
);

/** One combination of options (one of each group) with its own price and stock. */
export const shopSkus = pgTable(
  'shop_skus',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    /** The option ids sorted ascending, joined by ',' ('' without specs): the SKU's identity. */
    skuKey: text('sku_key').notNull(),
    /** The option ids in group order. */
    apids: jsonb('apids').$type<number[]>().notNull().default([]),
    price: integer('price').notNull(),
    marketPrice: integer('market_price'),
    promoPrice: integer('promo_price'),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [uniqueIndex('shop_skus_product_key_idx').on(t.productId, t.skuKey)],
);

/**
 * Cart lines. A line names its SKU by (product, sku_key), not by the SKU row, so it
 * survives an admin edit that keeps the options, and shows as unavailable when the SKU
 * is gone. One line per user and SKU (adds merge through the unique index).
 */
export const shopCartLines = pgTable(
  'shop_cart_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => shopProducts.id, { onDelete: 'cascade' }),
    skuKey: text('sku_key').notNull(),
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_cart_lines_user_sku_idx').on(t.userId, t.productId, t.skuKey),
    index('shop_cart_lines_user_idx').on(t.userId, t.createdAt),
  ],
);

/** For foreign keys to a product: other modules' tables reference `shop_products.id` through this (see index.ts). */
export const productKey = () => shopProducts.id;
