import { z } from 'zod';
import {
  PAGE_SIZE,
  POST_CONTENT_MAX_LENGTH,
  POST_LOCATION_MAX_LENGTH,
  POST_MAX_IMAGES,
  POST_THEMES,
  type PostTheme,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostDetailSchema, PostSchema } from './entities/post.ts';
import {
  flagField,
  IdSchema,
  jsonList,
  OptionalIdSchema,
  optionalCoordinate,
  optionalText,
  pageField,
  sizeField,
} from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

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

/** An image of a post as the client sends it: the `path` an upload answered, with its size. */
export const ImageInputSchema = z.object({
  src: z.string({ error: '图片地址须为文本' }).trim().min(1, { error: '图片地址不能为空' }).max(300),
  width: z.coerce.number().int().min(0).default(0),
  height: z.coerce.number().int().min(0).default(0),
});

/** The fields a post and a draft share. */
export const PostFieldsSchema = z.object({
  content: optionalText(POST_CONTENT_MAX_LENGTH, '正文'),
  /** Image posts: 1–9 uploaded images. */
  imgpack: jsonList(ImageInputSchema, POST_MAX_IMAGES, '图片'),
  /** Video posts: the `path` the video upload answered. */
  viosrc: optionalText(300, '视频地址'),
  /** Video posts: the `path` a caption upload answered ('' for none). */
  viocaption: optionalText(300, '字幕地址'),
  location: optionalText(POST_LOCATION_MAX_LENGTH, '位置'),
  latitude: optionalCoordinate(-90, 90, '纬度'),
  longitude: optionalCoordinate(-180, 180, '经度'),
  /** 1 = a check-in post (打卡). */
  checkin: flagField('打卡标记'),
});

const PagedUidQuery = z.object({ uid: IdSchema, page: pageField(), size: sizeField(PAGE_SIZE.posts) });

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
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '发布帖子',
});

/** One post with the viewer's relation; SPEC.md §7 reads data[0]. `uid` is accepted and ignored. */
export const postDetail = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/post/detail',
  query: z.object({ pid: IdSchema, uid: OptionalIdSchema }),
  data: z.array(PostDetailSchema),
  auth: 'optional',
  access: { rule: 'public' },
  summary: '帖子详情',
});

/** One post by id (SPEC.md §7 post/info). */
export const postInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/post/info',
  query: z.object({ id: IdSchema }),
  data: PostDetailSchema,
  auth: 'optional',
  access: { rule: 'public' },
  summary: '帖子信息',
});

/** Deletes the viewer's own post. */
export const postDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/delete',
  body: z.object({ pid: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'FORBIDDEN' },
  summary: '删除帖子',
});

/** Counts a share (once per viewer, or per address when logged out, per post per day). */
export const postShare = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/share',
  body: z.object({ pid: IdSchema }),
  data: z.object({ sharenum: z.number(), share_url: z.string() }),
  auth: 'optional',
  access: { rule: 'public' },
  summary: '分享帖子',
});

/** Counts a play of a video post (once per viewer or address per post per hour). */
export const postPlay = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/post/play',
  body: z.object({ pid: IdSchema }),
  data: z.object({ playnum: z.number() }),
  auth: 'optional',
  access: { rule: 'public' },
  summary: '视频播放计数',
});

/** A user's posts, newest first (SPEC.md §7 user/info/post-spager). */
export const userPosts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/post-spager',
  query: PagedUidQuery,
  data: z.array(PostSchema),
  auth: 'optional',
  access: { rule: 'person' },
  summary: '用户发布的帖子',
});

/** Posts of the people the viewer follows, newest first (/following). */
export const followingFeed = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/posts/following',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(PostSchema),
  auth: 'user',
  summary: '关注的人的帖子',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const postsErrors = defineErrors({
  /** A post id that does not exist (or was deleted). */
  POST_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '帖子不存在或已删除' },
  /** A post needs 1–9 images or one video. */
  POST_MEDIA_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请添加 1–9 张图片或一个视频' },
  /** Images and a video in one post. */
  POST_MEDIA_MIXED: { status: STATUS.VALIDATION_FAILED, message: '图片和视频不能同时发布' },
  /** Captions sent without a video. */
  POST_CAPTION_NEEDS_VIDEO: { status: STATUS.VALIDATION_FAILED, message: '字幕只能添加到视频帖子' },
  /** A post without text. */
  POST_CONTENT_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请填写正文' },
  /** A post or draft refers to a file that is not one of the viewer's uploads. */
  UPLOAD_NOT_FOUND: { status: STATUS.VALIDATION_FAILED, message: '图片或视频不存在或已失效，请重新上传' },
});
