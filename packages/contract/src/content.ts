import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostSchema } from './entities/post.ts';
import { pageField, sizeField } from './schemas.ts';

export const FeedQuerySchema = z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) });
export type FeedQuery = z.input<typeof FeedQuerySchema>;

/** The home feed: every theme, no ads, hottest first. */
export const postsNoAds = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/posts/no-ads',
  query: FeedQuerySchema,
  data: z.array(PostSchema),
  auth: 'optional',
  summary: '首页推荐帖子流（无广告）',
});
