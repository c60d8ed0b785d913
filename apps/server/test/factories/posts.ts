import { POST_THEMES } from '@evcircle/contract';
import type { Faker } from '@faker-js/faker';
import { hotScore, invalidateFeed } from '../../src/modules/posts/posts.service.ts';
import { posts } from '../../src/modules/posts/posts.tables.ts';
import type { Db } from '../../src/platform/db.ts';
import { createFaker } from './faker.ts';

export type NewPost = typeof posts.$inferInsert;
export type StoredPost = typeof posts.$inferSelect;

const SENTENCES = [
  '今天去超充站补能，二十分钟就充到了百分之八十。',
  '周末带家人去山里自驾，续航完全够用。',
  '新换的轮毂效果怎么样？欢迎大家点评。',
  '冬天开暖气续航掉得有点多，大家有什么好办法？',
  '分享一下我的车内收纳小技巧。',
  '第一次开启辅助驾驶上高速，体验很稳。',
  '洗车之后拍了几张，阳光下的车漆太好看了。',
] as const;

/**
 * The values of a believable post by `userId`; unless given, its hot score is computed
 * from the counters exactly as the service does. Nothing is written.
 */
export function buildPost(faker: Faker, overrides: Partial<NewPost> & { userId: number }): NewPost {
  const createdAt = overrides.createdAt ?? faker.date.recent({ days: 30 });
  const imageCount = faker.number.int({ min: 1, max: 4 });
  const values: NewPost = {
    type: faker.helpers.arrayElement(POST_THEMES),
    content: faker.helpers.arrayElements(SENTENCES, { min: 1, max: 3 }).join(''),
    images: Array.from({ length: imageCount }, (_, i) => ({
      src: `test/posts/${faker.string.alphanumeric(10)}-${i}.jpg`,
      width: 1080,
      height: faker.helpers.arrayElement([810, 1080, 1440]),
    })),
    likeCount: faker.number.int({ min: 0, max: 500 }),
    commentCount: faker.number.int({ min: 0, max: 80 }),
    shareCount: faker.number.int({ min: 0, max: 30 }),
    playCount: 0,
    location: faker.location.city(),
    ...overrides,
    createdAt,
  };
  values.hotScore ??= hotScore({
    likes: values.likeCount ?? 0,
    comments: values.commentCount ?? 0,
    shares: values.shareCount ?? 0,
    plays: values.playCount ?? 0,
    createdAt,
  });
  return values;
}

/** Inserts one post (as the service will: the feed cache is invalidated); deterministic with `seed`. */
export async function createPost(
  db: Db,
  overrides: Partial<NewPost> & { userId: number },
  options: { seed?: number } = {},
): Promise<StoredPost> {
  const [post] = await db
    .insert(posts)
    .values(buildPost(createFaker(options.seed), overrides))
    .returning();
  if (!post) throw new Error('createPost: insert returned no row');
  invalidateFeed(db);
  return post;
}

/** A post with every counter at zero, so counter assertions read exactly. */
export function createFreshPost(db: Db, userId: number): Promise<StoredPost> {
  return createPost(db, { userId, likeCount: 0, commentCount: 0, shareCount: 0, playCount: 0 });
}
