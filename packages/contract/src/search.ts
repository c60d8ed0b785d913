import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostSchema } from './entities/post.ts';
import { pageField, sizeField } from './schemas.ts';

/** Longest search word read (the engine reads no more either). */
export const SEARCH_WORD_MAX_LENGTH = 100;

/** A post found by search: the Post of SPEC.md §3 plus its content highlighted (escaped HTML, matches in <em>). */
export const PostSearchHitSchema = PostSchema.extend({ highlight: z.string() });
export type PostSearchHit = z.infer<typeof PostSearchHitSchema>;

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
    word: z
      .string({ error: '搜索词须为文本' })
      .trim()
      .min(1, { error: '请输入搜索词' })
      .max(SEARCH_WORD_MAX_LENGTH, { error: `搜索词不能超过 ${SEARCH_WORD_MAX_LENGTH} 个字` }),
    idx: pageField(),
    size: sizeField(PAGE_SIZE.search),
    base: z.enum(['0', '1'], { error: 'base 须为 0 或 1' }).default('1'),
  }),
  data: z.array(PostSearchHitSchema),
  auth: 'optional',
  summary: '搜索帖子',
});
