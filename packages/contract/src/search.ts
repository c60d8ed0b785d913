import { z } from 'zod';
import { PAGE_SIZE, SEARCH_WORD_MAX_LENGTH, SHOP_PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostSchema } from './entities/post.ts';
import { UserCardSchema } from './entities/user.ts';
import { IdSchema, pageField, sizeField } from './schemas.ts';
import { ProductCardSchema } from './shop.ts';
import { defineErrors, STATUS } from './status.ts';

/** A search word: trimmed, 1 to SEARCH_WORD_MAX_LENGTH characters. */
const SearchWord = z
  .string({ error: '搜索词须为文本' })
  .trim()
  .min(1, { error: '请输入搜索词' })
  .max(SEARCH_WORD_MAX_LENGTH, { error: `搜索词不能超过 ${SEARCH_WORD_MAX_LENGTH} 个字` });

/** A post found by search: the Post of SPEC.md §3 plus its content highlighted (escaped HTML, matches in <em>). */
export const PostSearchHitSchema = PostSchema.extend({ highlight: z.string() });
export type PostSearchHit = z.infer<typeof PostSearchHitSchema>;

/** A user found by search: the user card plus the nickname highlighted (escaped HTML, matches in <em>). */
export const UserSearchHitSchema = UserCardSchema.extend({ highlight: z.string() });
export type UserSearchHit = z.infer<typeof UserSearchHitSchema>;

/** A product found by search: the shop's card plus the title highlighted (escaped HTML, matches in <em>). */
export const ProductSearchHitSchema = ProductCardSchema.extend({ highlight: z.string() });
export type ProductSearchHit = z.infer<typeof ProductSearchHitSchema>;

/**
 * Post search (SPEC.md §7 cms/post/search): live posts matching every term of `word`
 * (Chinese words and characters, pinyin and initials, Latin words case-insensitively),
 * most relevant first, then newest, then most engaged. `idx` is the page from 1.
 * `base` (SPEC.md: base=1) is accepted as 1 or 0 and changes nothing: every hit is the
 * Post's base fields, as SPEC.md lists them, plus `highlight`.
 */
export const postSearch = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/post/search',
  query: z.object({
    word: SearchWord,
    idx: pageField(),
    size: sizeField(PAGE_SIZE.search),
    base: z.enum(['0', '1'], { error: 'base 须为 0 或 1' }).default('1'),
  }),
  data: z.array(PostSearchHitSchema),
  auth: 'optional',
  summary: '搜索帖子',
});

/**
 * User search (SPEC.md §7 user/info/pager) on the same engine: nickname, car model and
 * bio; a nickname also matches by any part of it (TeslaFan by "fan"). The exact nickname
 * first, then the most followed, then the newest. An empty word answers [].
 */
export const userSearch = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/pager',
  query: z.object({
    word: z
      .string({ error: '搜索词须为文本' })
      .trim()
      .max(SEARCH_WORD_MAX_LENGTH, { error: `搜索词不能超过 ${SEARCH_WORD_MAX_LENGTH} 个字` })
      .default(''),
    page: pageField(),
    size: sizeField(PAGE_SIZE.search),
  }),
  data: z.array(UserSearchHitSchema),
  auth: 'optional',
  summary: '搜索用户',
});

/**
 * Product search (SPEC.md §7 search/info/products): products on sale whose title,
 * category, specs or description hold every term of `word`; the title weighs most.
 * Most relevant first, then best selling, then newest.
 */
export const productSearch = defineEndpoint({
  method: 'GET',
  path: '/api/v1/search/info/products',
  query: z.object({ word: SearchWord, page: pageField(), size: sizeField(SHOP_PAGE_SIZE) }),
  data: z.object({ items: z.array(ProductSearchHitSchema), total: z.number(), hasMore: z.boolean() }),
  auth: 'none',
  summary: '搜索商品',
});

/** A word of the viewer's search history; `hid` deletes it. `atime` is ISO 8601. */
export const SearchHistoryEntrySchema = z.object({ hid: z.number(), word: z.string(), atime: z.string() });
export type SearchHistoryEntry = z.infer<typeof SearchHistoryEntrySchema>;

/** A hot word: what many people searched lately; `score` orders them (higher first). */
export const HotWordSchema = z.object({ word: z.string(), score: z.number() });
export type HotWord = z.infer<typeof HotWordSchema>;

/**
 * What the search page shows before typing (SPEC.md §7 search/info/index): the viewer's
 * history, newest first ([] when logged out), and the hot words.
 */
export const searchIndex = defineEndpoint({
  method: 'GET',
  path: '/api/v1/search/info/index',
  data: z.object({ history: z.array(SearchHistoryEntrySchema), hot: z.array(HotWordSchema) }),
  auth: 'optional',
  summary: '搜索页：历史与热词',
});

/**
 * Hot words (SPEC.md §7 search/info/hot): words searched by the most different people in
 * the last 7 days, recent searches weighing more; one person counts once per word however
 * often they search it. Prohibited words and single characters are never hot.
 */
export const searchHot = defineEndpoint({
  method: 'GET',
  path: '/api/v1/search/info/hot',
  data: z.array(HotWordSchema),
  auth: 'none',
  summary: '热门搜索',
});

/**
 * Posts recommended before typing (SPEC.md §7 search/info/recommend): for a viewer, fresh
 * and popular posts lifted by followed authors and the themes they like (not their own,
 * not ones they liked already, never a blocked author's); for a visitor, the popular ones.
 */
export const searchRecommend = defineEndpoint({
  method: 'GET',
  path: '/api/v1/search/info/recommend',
  query: z.object({ idx: pageField(), size: sizeField(PAGE_SIZE.recommend) }),
  data: z.array(PostSchema),
  auth: 'optional',
  summary: '搜索推荐',
});

/**
 * Records a word the viewer searched (SPEC.md §7 search/info/record): trimmed; a blank
 * word is not recorded (`result` false); a word searched before moves to the top; the
 * history keeps the newest SEARCH_HISTORY_LIMIT.
 */
export const searchRecord = defineEndpoint({
  method: 'POST',
  path: '/api/v1/search/info/record',
  body: z.object({
    word: z
      .string({ error: '搜索词须为文本' })
      .trim()
      .max(SEARCH_WORD_MAX_LENGTH, { error: `搜索词不能超过 ${SEARCH_WORD_MAX_LENGTH} 个字` })
      .default(''),
  }),
  data: z.object({ result: z.boolean(), entry: SearchHistoryEntrySchema.nullable() }),
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 60, windowSeconds: 60 }] },
  summary: '记录搜索词',
});

/** Deletes one word of the viewer's own history (SEARCH_HISTORY_NOT_FOUND for any other hid). */
export const searchHistoryDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/search/info/del',
  body: z.object({ hid: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除一条搜索历史',
});

/** Clears the viewer's history; answers how many words went. */
export const searchHistoryClear = defineEndpoint({
  method: 'POST',
  path: '/api/v1/search/info/clear-all',
  body: z.object({}),
  data: z.object({ result: z.boolean(), deleted: z.number() }),
  auth: 'user',
  summary: '清空搜索历史',
});

export const searchErrors = defineErrors({
  /** The hid is not a word of the viewer's history (or no longer is). */
  SEARCH_HISTORY_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '搜索记录不存在或已删除' },
});
