import { z } from 'zod';
import { POST_THEMES, type PostTheme, THEME_PAGE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';

// The sitemap (SPEC.md §7 "Search and sitemap"): what a search engine may index, as JSON
// (`sitemap/data`, `sitemap/routes`) and as the files crawlers read (`/sitemap.xml`, its
// pages under `/sitemaps/`, `/robots.txt`), all from the same rules:
//
// - A post is listed while it is live (not deleted) and its author's account is live: the
//   post page answers 404 otherwise.
// - A user is listed while the account is live and has at least one listed post. A
//   profile without posts is a name and an avatar: thin pages are not worth a crawler's
//   visit, and listing every sign-up would publish who joined.
// - A product is listed while it is on sale (the product page answers 404 otherwise).
// - A shop category is listed when it or a category under it holds a product on sale;
//   the theme feeds always are.
// - Nothing else: no hidden or deleted row, no page that needs login (ROBOTS_DISALLOW).
//
// Lists are keyset-paged by id (never an offset, never every row at once), so they cost
// the same at a million posts as at a hundred.

/** `lastmod` of every list: a W3C datetime in UTC to the second, e.g. `2026-11-25T08:30:00Z`. */
export const W3cDatetimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

/** Most URLs in one sitemap file, and most files in one sitemap index (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * `sitemap/data` lists the newest this many of each kind (highest ids first). It is the
 * "what is new" list (an HTML sitemap page, a feed for a crawler that visits daily), not
 * the whole site: that is `/sitemap.xml` and `sitemap/routes`. A hundred covers more than
 * a day of posts of a community this size, and keeps the answer near 10 KB, one cached
 * read per minute.
 */
export const SITEMAP_DATA_LIMIT = 100;

/** Paths of `sitemap/routes` per call: 1000 unless asked, at most 5000 (a few hundred KB). */
export const SITEMAP_ROUTES_SIZE = { default: 1000, max: 5000 } as const;

/** The public page of a post, a user, a product (SPEC.md §2). */
export const postPath = (pid: number): string => `/post/${pid}`;
export const userPath = (uid: number): string => `/user/${uid}`;
export const productPath = (pid: number): string => `/product/${pid}`;
/** A shop category by the ids from its top category down to it (/shop/category/3/12). */
export const shopCategoryPath = (cids: readonly number[]): string => `/shop/category/${cids.join('/')}`;

/** Pages that are always public and always there (`/sitemaps/static.xml`). */
export const SITEMAP_STATIC_PATHS = ['/', '/shop', '/download', '/privacy-policy'] as const;

/**
 * The theme feeds (SPEC.md §2), named as the navigation names them. Tesla's feed is the
 * car-brand page /tesla-tools; the others are /{theme}.
 */
export const SITEMAP_THEME_TOPICS: readonly { theme: PostTheme; path: string; name: string }[] = POST_THEMES.map(
  (theme) => ({ theme, ...THEME_PAGE[theme] }),
);

/**
 * What /robots.txt keeps crawlers out of (path prefixes): the admin, the viewer's own
 * pages (settings, cart, composer, follows feed, bookmarks, messages, notifications,
 * invitations, the phone side of QR login), location-based pages (nearby, radar), search
 * result pages (endless, and what they show is listed anyway), the API and utility
 * endpoints, and the test and component preview pages of SPEC.md §2.
 */
export const ROBOTS_DISALLOW = [
  '/admin/',
  '/settings',
  '/cart',
  '/publish',
  '/following',
  '/bookmarks',
  '/messages',
  '/notification',
  '/invite/',
  '/m/scan/',
  '/near',
  '/radar',
  '/search',
  '/api/',
  '/pub/',
  '/realtime',
  '/build.json',
  '/test-websocket',
  '/test-team-creation',
  '/pagination-test',
  '/m/components/',
  '/post/components/',
  '/m/post/components/',
] as const;

export const SitemapProductSchema = z.object({ pid: z.number(), title: z.string(), lastmod: W3cDatetimeSchema });
export const SitemapPostSchema = z.object({ pid: z.number(), lastmod: W3cDatetimeSchema });
export const SitemapUserSchema = z.object({ uid: z.number(), lastmod: W3cDatetimeSchema });
/**
 * A topic page: a theme feed, or a shop category (`name` is its trail from the top
 * category, joined by ' / ': "脚垫 / Model Y 脚垫").
 */
export const SitemapTopicSchema = z.object({
  kind: z.enum(['theme', 'category']),
  path: z.string(),
  name: z.string(),
});
export type SitemapTopic = z.infer<typeof SitemapTopicSchema>;

/**
 * The newest SITEMAP_DATA_LIMIT products, posts and users (highest ids first) and every
 * topic (the theme feeds, then the categories in tree order). `lastmod`: a post's
 * publication (posts are not edited); a user's latest profile change or post, whichever
 * is later; a product's last edit.
 */
export const sitemapData = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sitemap/data',
  data: z.object({
    products: z.array(SitemapProductSchema),
    posts: z.array(SitemapPostSchema),
    topics: z.array(SitemapTopicSchema),
    users: z.array(SitemapUserSchema),
  }),
  auth: 'none',
  summary: '站点地图数据',
});

/** An id cursor: the last id of the previous page, 0 (or left out) to start. */
const afterField = (label: string) =>
  z.coerce
    .number({ error: `${label}须为数字` })
    .int({ error: `${label}须为整数` })
    .min(0, { error: `${label}不能小于 0` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label}超出范围` })
    .default(0);

/**
 * Every listed post and user as page paths (/post/{pid}, /user/{uid}), by id ascending,
 * `size` of each per call. Paging is by id: pass `next_post_after` and `next_user_after`
 * back as `post_after` and `user_after`; null means that list is done (its next call is
 * empty). A post deleted between two calls simply is not in the later one; nothing shifts.
 */
export const sitemapRoutes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/sitemap/routes',
  query: z.object({
    post_after: afterField('post_after'),
    user_after: afterField('user_after'),
    size: z.coerce
      .number({ error: 'size 须为数字' })
      .int({ error: 'size 须为整数' })
      .min(1, { error: 'size 须为不小于 1 的整数' })
      .default(SITEMAP_ROUTES_SIZE.default)
      .transform((n) => Math.min(n, SITEMAP_ROUTES_SIZE.max)),
  }),
  data: z.object({
    posts: z.array(z.string()),
    users: z.array(z.string()),
    next_post_after: z.number().nullable(),
    next_user_after: z.number().nullable(),
  }),
  auth: 'none',
  // Each call reads up to twice `size` rows; a crawler walking a million posts needs a few hundred.
  rateLimit: { by: 'ip', windows: [{ limit: 120, windowSeconds: 60 }] },
  summary: '站点地图路径',
});
