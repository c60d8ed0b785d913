import { z } from 'zod';
import { POST_THEMES, type PostTheme } from './constants.ts';
import { FeedQuerySchema, PostFieldsSchema } from './content.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostDetailSchema, PostSchema } from './entities/post.ts';
import { IdSchema, OptionalIdSchema } from './schemas.ts';

function themeFeed<const T extends PostTheme>(theme: T, label: string) {
  return defineEndpoint({
    method: 'GET',
    path: `/api/v1/${theme}/posts`,
    query: FeedQuerySchema,
    data: z.array(PostSchema),
    auth: 'optional',
    summary: `${label}帖子流`,
  });
}

/** Themed feeds (SPEC.md §7): one theme each, hottest first. */
export const modPosts = themeFeed('mod', '改装');
export const beautyPosts = themeFeed('beauty', '美容');
export const travelPosts = themeFeed('travel', '旅行');
export const teslaPosts = themeFeed('tesla', '特斯拉');
export const expPosts = themeFeed('exp', '用车经验');
/** The feed endpoint of each theme. */
export const THEME_FEEDS = {
  mod: modPosts,
  beauty: beautyPosts,
  travel: travelPosts,
  tesla: teslaPosts,
  exp: expPosts,
} as const;

/** Publishes a post; with `did`, publishes that draft and removes it in the same step. */
export const postRelease = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/release',
  body: PostFieldsSchema.extend({
    type: z.enum(POST_THEMES, { error: '请选择话题分类' }),
    did: OptionalIdSchema,
  }),
  data: z.object({ pid: z.number() }),
  auth: 'user',
  summary: '发布帖子',
});

/** One post with the viewer's relation; SPEC.md §7 reads data[0]. `uid` is accepted and ignored. */
export const postDetail = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/post/detail',
  query: z.object({ pid: IdSchema, uid: OptionalIdSchema }),
  data: z.array(PostDetailSchema),
  auth: 'optional',
  summary: '帖子详情',
});

/** One post by id (SPEC.md §7 post/info). */
export const postInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/post/info',
  query: z.object({ id: IdSchema }),
  data: PostDetailSchema,
  auth: 'optional',
  summary: '帖子信息',
});

/** Deletes the viewer's own post. */
export const postDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/delete',
  body: z.object({ pid: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  summary: '删除帖子',
});

/** Counts a share (once per viewer, or per address when logged out, per post per day). */
export const postShare = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/share',
  body: z.object({ pid: IdSchema }),
  data: z.object({ sharenum: z.number(), share_url: z.string() }),
  auth: 'optional',
  summary: '分享帖子',
});

/** Counts a play of a video post (once per viewer or address per post per hour). */
export const postPlay = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/play',
  body: z.object({ pid: IdSchema }),
  data: z.object({ playnum: z.number() }),
  auth: 'optional',
  summary: '视频播放计数',
});

/** Toggles the viewer's like of a post (`pid`) or a comment or reply (`cid`). */
export const likeAct = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/like/act',
  query: z
    .object({ pid: OptionalIdSchema, cid: OptionalIdSchema })
    .refine((q) => (q.pid === undefined) !== (q.cid === undefined), { error: '须且只能提供 pid 或 cid 之一' }),
  data: z.object({ islike: z.number(), likenum: z.number() }),
  auth: 'user',
  summary: '点赞 / 取消点赞',
});
