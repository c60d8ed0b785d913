import { z } from 'zod';
import { PAGE_SIZE, POST_CONTENT_MAX_LENGTH, POST_LOCATION_MAX_LENGTH, POST_MAX_IMAGES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostSchema } from './entities/post.ts';
import { flagField, jsonList, optionalCoordinate, optionalText, pageField, sizeField } from './schemas.ts';

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
  location: optionalText(POST_LOCATION_MAX_LENGTH, '位置'),
  latitude: optionalCoordinate(-90, 90, '纬度'),
  longitude: optionalCoordinate(-180, 180, '经度'),
  /** 1 = a check-in post (打卡). */
  checkin: flagField('打卡标记'),
});
