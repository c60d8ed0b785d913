import {
  postPath,
  productPath,
  SITEMAP_DATA_LIMIT,
  SITEMAP_MAX_URLS,
  SITEMAP_STATIC_PATHS,
  SITEMAP_THEME_TOPICS,
  type SitemapTopic,
  shopCategoryPath,
  type sitemapData,
  type sitemapRoutes,
  userPath,
} from '@evcircle/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { IdRange, IdStamp, IdWindow } from '../../platform/id-window.ts';
import { activeAuthorStamps, activeAuthorsLastmod, publicPostStamps, publicPostsLastmod } from '../posts/index.ts';
import { categoryTrailsOnSale, onSaleProductStamps, onSaleProductsLastmod } from '../shop/index.ts';
import { type SitemapEntry, sitemapIndexXml, urlEntries, urlsetXml, w3cDatetime } from './sitemap-xml.ts';

// What the sitemap lists, as JSON and as sitemap files. Every list is read through the
// owning module's keyset reads (posts, shop): pages of the sitemap are fixed ranges of
// ids, so a page is one walk of a primary key however large the table, and a page can
// never hold more URLs than its range has ids.

/** Rows read per query while a sitemap file is written (a 50,000-URL file takes ten). */
export const SITEMAP_READ_BATCH = 5000;

/**
 * How the files are built: the site's public address, the URLs per sitemap file
 * (SITEMAP_MAX_URLS in production) and the rows read per query (SITEMAP_READ_BATCH).
 */
export type SitemapFilesOptions = { publicUrl: string; pageSize: number; readBatch: number };

/** The kinds listed in numbered files (`posts-1.xml` …), each a range of `pageSize` ids. */
export const RANGED_KINDS = ['posts', 'users', 'products'] as const;
export type RangedKind = (typeof RANGED_KINDS)[number];

type RangedSource = {
  /** The listed rows in a window of ids. */
  stamps(db: Db, window: IdWindow): Promise<IdStamp[]>;
  /** The newest lastmod of the listed rows in a range; null when none is listed. */
  lastmod(db: Db, range: IdRange): Promise<Date | null>;
  path(id: number): string;
};

const SOURCES: Record<RangedKind, RangedSource> = {
  posts: { stamps: publicPostStamps, lastmod: publicPostsLastmod, path: postPath },
  users: { stamps: activeAuthorStamps, lastmod: activeAuthorsLastmod, path: userPath },
  products: { stamps: onSaleProductStamps, lastmod: onSaleProductsLastmod, path: productPath },
};

/** A sitemap file under /sitemaps/, as its name names it. */
export type SitemapFile = { kind: 'static' } | { kind: 'topics' } | { kind: RangedKind; page: number };

const RANGED_FILE = /^(posts|users|products)-([1-9]\d{0,5})\.xml$/;

/**
 * The file a name under /sitemaps/ stands for: static.xml, topics.xml, or {kind}-{n}.xml
 * with n from 1 (no leading zero) to SITEMAP_MAX_URLS, the most files an index may name;
 * null for anything else.
 */
export function parseSitemapFile(name: string): SitemapFile | null {
  if (name === 'static.xml') return { kind: 'static' };
  if (name === 'topics.xml') return { kind: 'topics' };
  const match = RANGED_FILE.exec(name);
  if (!match) return null;
  const page = Number(match[2]);
  return page <= SITEMAP_MAX_URLS ? { kind: match[1] as RangedKind, page } : null;
}

/** The file's name under /sitemaps/ (the inverse of parseSitemapFile). */
export function sitemapFileName(file: SitemapFile): string {
  return 'page' in file ? `${file.kind}-${file.page}.xml` : `${file.kind}.xml`;
}

/** The ids page `page` (from 1) of a ranged kind covers: ((page - 1) × size, page × size]. */
export function pageRange(page: number, pageSize: number): IdRange {
  return { afterId: (page - 1) * pageSize, throughId: page * pageSize };
}

/** The theme feeds, then the shop categories holding something on sale, in tree order. */
export async function sitemapTopics(db: Db): Promise<SitemapTopic[]> {
  const trails = await categoryTrailsOnSale(db);
  return [
    ...SITEMAP_THEME_TOPICS.map(({ path, name }) => ({ kind: 'theme' as const, path, name })),
    ...trails.map(({ cids, names }) => ({
      kind: 'category' as const,
      path: shopCategoryPath(cids),
      name: names.join(' / '),
    })),
  ];
}

type SitemapData = z.input<(typeof sitemapData)['data']>;

/** The newest SITEMAP_DATA_LIMIT of each listed kind, highest ids first, and every topic. */
export async function sitemapDataFor(db: Db): Promise<SitemapData> {
  const newest = { limit: SITEMAP_DATA_LIMIT, newestFirst: true };
  const [products, posts, users, topics] = await Promise.all([
    onSaleProductStamps(db, newest),
    publicPostStamps(db, newest),
    activeAuthorStamps(db, newest),
    sitemapTopics(db),
  ]);
  return {
    products: products.map((row) => ({ pid: row.id, title: row.title, lastmod: w3cDatetime(row.lastmod) })),
    posts: posts.map((row) => ({ pid: row.id, lastmod: w3cDatetime(row.lastmod) })),
    topics,
    users: users.map((row) => ({ uid: row.id, lastmod: w3cDatetime(row.lastmod) })),
  };
}

type RoutesQuery = z.output<NonNullable<(typeof sitemapRoutes)['query']>>;
type SitemapRoutes = z.input<(typeof sitemapRoutes)['data']>;

/** The cursor after a page of `size` asked for: its last id when full, null when the list is done. */
function nextAfter(rows: readonly IdStamp[], size: number): number | null {
  return rows.length === size ? (rows[rows.length - 1]?.id ?? null) : null;
}

/** A page of every listed post's and user's path, by id ascending from the cursors. */
export async function sitemapRoutesFor(db: Db, query: RoutesQuery): Promise<SitemapRoutes> {
  const { size } = query;
  const [posts, users] = await Promise.all([
    publicPostStamps(db, { afterId: query.post_after, limit: size }),
    activeAuthorStamps(db, { afterId: query.user_after, limit: size }),
  ]);
  return {
    posts: posts.map((row) => postPath(row.id)),
    users: users.map((row) => userPath(row.id)),
    next_post_after: nextAfter(posts, size),
    next_user_after: nextAfter(users, size),
  };
}

/** The absolute URL of a path of the site. */
function absolute(options: SitemapFilesOptions, path: string): string {
  return `${options.publicUrl}${path}`;
}

/**
 * /sitemap.xml: static.xml, topics.xml, then each ranged kind's files in id order, only
 * those with something listed, each with the newest lastmod in it. Two short queries per
 * file named (where the next listed row is, the newest change in its range): empty
 * ranges cost nothing, so gaps in the ids (deleted rows) never make files of nothing.
 */
export async function sitemapIndexFor(db: Db, options: SitemapFilesOptions): Promise<string> {
  const fileUrl = (file: SitemapFile) => absolute(options, `/sitemaps/${sitemapFileName(file)}`);
  const entries: SitemapEntry[] = [{ loc: fileUrl({ kind: 'static' }) }, { loc: fileUrl({ kind: 'topics' }) }];
  for (const kind of RANGED_KINDS) {
    const source = SOURCES[kind];
    let afterId = 0;
    for (;;) {
      const [next] = await source.stamps(db, { afterId, limit: 1 });
      if (!next) break;
      const page = Math.ceil(next.id / options.pageSize);
      // NOTE: an index names at most SITEMAP_MAX_URLS files: 2.5 billion ids a kind at the
      // default page size. Past that the site needs an index of indexes.
      if (page > SITEMAP_MAX_URLS) break;
      const range = pageRange(page, options.pageSize);
      const lastmod = await source.lastmod(db, range);
      // Null only when the row found went meanwhile and took the range's last one with it.
      if (lastmod) entries.push({ loc: fileUrl({ kind, page }), lastmod });
      afterId = range.throughId;
    }
  }
  return sitemapIndexXml(entries);
}

/**
 * One sitemap file, or null when it lists nothing (a range with nothing listed is not a
 * file: the index does not name it, and asking for it is a 404). A ranged file is read
 * `readBatch` rows at a time, keyset by id within its range.
 */
export async function sitemapFileFor(db: Db, file: SitemapFile, options: SitemapFilesOptions): Promise<string | null> {
  const url = (path: string) => absolute(options, path);
  if (file.kind === 'static') return urlsetXml([urlEntries(SITEMAP_STATIC_PATHS.map((path) => ({ loc: url(path) })))]);
  if (file.kind === 'topics') {
    return urlsetXml([urlEntries((await sitemapTopics(db)).map((topic) => ({ loc: url(topic.path) })))]);
  }
  const source = SOURCES[file.kind];
  const range = pageRange(file.page, options.pageSize);
  const pieces: string[] = [];
  let afterId = range.afterId;
  for (;;) {
    const rows = await source.stamps(db, { afterId, throughId: range.throughId, limit: options.readBatch });
    if (rows.length > 0) {
      pieces.push(urlEntries(rows.map((row) => ({ loc: url(source.path(row.id)), lastmod: row.lastmod }))));
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < options.readBatch) break;
    afterId = last.id;
  }
  return pieces.length > 0 ? urlsetXml(pieces) : null;
}
