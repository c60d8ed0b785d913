import { COMMENT_MAX_LENGTH, POST_THEMES } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { findProhibitedWord } from '../../apps/server/src/modules/moderation/prohibited-words.ts';
import { parseSeedArgs } from './args.ts';
import { buildPost, buildUser, defaultPools, indexAuthors, type SeedLike, type SeedPlan } from './content.ts';

const plan = (seed: number): SeedPlan => ({
  seed,
  users: 60,
  posts: 400,
  anchor: new Date('2025-06-01T12:00:00Z'),
  ...defaultPools(400),
});

function community(p: SeedPlan) {
  const users = Array.from({ length: p.users }, (_, i) => buildUser(p, i));
  const authors = indexAuthors(users);
  return { users, posts: Array.from({ length: p.posts }, (_, i) => buildPost(p, authors, i)) };
}

const HAN = /\p{Script=Han}/u;

describe('demo community content', () => {
  it('is the same for the same seed and different for another', () => {
    expect(community(plan(1))).toEqual(community(plan(1)));
    const other = community(plan(2));
    expect(other.posts.map((p) => p.content)).not.toEqual(community(plan(1)).posts.map((p) => p.content));
  });

  it('gives post N the same content whatever the size of the run', () => {
    const small = plan(1);
    const big = { ...small, users: small.users, posts: 1_000_000 };
    const authors = indexAuthors(Array.from({ length: small.users }, (_, i) => buildUser(small, i)));
    expect(buildPost(big, authors, 123)).toEqual(buildPost(small, authors, 123));
  });

  it('writes Chinese nicknames, bios and post texts', () => {
    const { users, posts } = community(plan(1));
    const hanNicknames = users.filter((u) => HAN.test(u.nickname)).length;
    expect(hanNicknames / users.length).toBeGreaterThan(0.7);
    expect(users.every((u) => HAN.test(u.bio))).toBe(true);
    expect(posts.every((p) => HAN.test(p.content) && p.content.length >= 20)).toBe(true);
    expect(posts.some((p) => p.content.includes('{'))).toBe(false);
  });

  it('covers every theme, with images or a video, within the last 60 days', () => {
    const p = plan(1);
    const { users, posts } = community(p);
    expect(new Set(posts.map((post) => post.type))).toEqual(new Set(POST_THEMES));
    const sixtyDaysAgo = p.anchor.getTime() - 60 * 86_400_000 - 86_400_000;
    for (const post of posts) {
      expect(post.createdAt.getTime()).toBeLessThanOrEqual(p.anchor.getTime());
      expect(post.createdAt.getTime()).toBeGreaterThan(sixtyDaysAgo);
      if (post.videoSrc) expect(post.images).toEqual([]);
      else expect(post.images.length).toBeGreaterThanOrEqual(1);
      expect(post.images.length).toBeLessThanOrEqual(9);
      for (const image of post.images) {
        expect(image.src).toMatch(/^seed\/posts\/s1-[a-z]+-\d+\.jpg$/);
        expect(image.width).toBe(1080);
      }
      expect(users[post.userId - 1]).toBeDefined();
    }
    expect(posts.some((post) => post.videoSrc !== '')).toBe(true);
  });

  it('has Tesla posts written by Tesla owners and travel posts tagged with a place', () => {
    const { users, posts } = community(plan(1));
    for (const post of posts.filter((p) => p.type === 'tesla')) {
      expect(users[post.userId - 1]!.isTeslaOwner).toBe(true);
    }
    for (const post of posts.filter((p) => p.type === 'travel')) {
      expect(post.location).toMatch(/·/);
      expect(post.latitude).not.toBeNull();
    }
  });

  it('backs every like and comment counter with distinct likers and comments by other users', () => {
    const p = plan(1);
    const { posts } = community(p);
    const anchor = p.anchor.getTime();
    const expectLikes = (likes: SeedLike[], notBy: number, after: number) => {
      const likers = likes.map((l) => l.userId);
      expect(new Set(likers).size).toBe(likers.length);
      expect(likers).not.toContain(notBy);
      for (const like of likes) {
        expect(like.userId).toBeGreaterThanOrEqual(1);
        expect(like.userId).toBeLessThanOrEqual(p.users);
        expect(like.createdAt.getTime()).toBeGreaterThan(after);
        expect(like.createdAt.getTime()).toBeLessThan(anchor);
      }
    };
    for (const post of posts) {
      expect(post.likeCount).toBe(post.likes.length);
      expect(post.commentCount).toBe(post.comments.length);
      expectLikes(post.likes, post.userId, post.createdAt.getTime());
      const byLocal = new Map(post.comments.map((c) => [c.local, c]));
      expect(post.comments.map((c) => c.local)).toEqual(post.comments.map((_, i) => i + 1));
      for (const c of post.comments) {
        expectLikes(c.likes, c.userId, c.createdAt.getTime());
        expect(c.createdAt.getTime()).toBeLessThan(anchor);
        if (c.parent === 0) {
          expect(c.userId).not.toBe(post.userId);
          expect(c.replyToUserId).toBeNull();
          expect(c.createdAt.getTime()).toBeGreaterThan(post.createdAt.getTime());
          expect(c.replyCount).toBe(post.comments.filter((r) => r.parent === c.local).length);
        } else {
          const top = byLocal.get(c.parent)!;
          expect(top.parent).toBe(0);
          expect(c.replyCount).toBe(0);
          expect(c.replyToUserId).not.toBe(c.userId);
          expect(c.createdAt.getTime()).toBeGreaterThan(top.createdAt.getTime());
        }
      }
    }
  });

  it('keeps engagement modest on average, with threads where replies answer replies', () => {
    const { posts } = community(plan(1));
    const mean = (f: (post: (typeof posts)[number]) => number) =>
      posts.reduce((sum, post) => sum + f(post), 0) / posts.length;
    expect(mean((post) => post.likeCount)).toBeGreaterThan(3);
    expect(mean((post) => post.likeCount)).toBeLessThan(12);
    expect(mean((post) => post.commentCount)).toBeGreaterThan(0.8);
    expect(mean((post) => post.commentCount)).toBeLessThan(3);
    const all = posts.flatMap((post) => post.comments.map((c) => ({ post, c })));
    expect(all.some(({ c }) => c.replyCount > 0)).toBe(true);
    expect(all.some(({ c }) => c.replyToUserId !== null)).toBe(true);
    expect(all.some(({ post, c }) => c.parent !== 0 && c.userId === post.userId)).toBe(true);
    expect(all.some(({ c }) => c.likes.length > 0)).toBe(true);
  });

  it('writes Chinese comments with no prohibited word, within the length limit', () => {
    for (const seed of [1, 2, 3]) {
      for (const post of community(plan(seed)).posts) {
        for (const { content } of post.comments) {
          expect(content).toMatch(HAN);
          expect(content).not.toContain('{');
          expect(content.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
          expect(findProhibitedWord(content), content).toBeNull();
        }
      }
    }
  });

  it('gives a lone user no likes or comments to receive', () => {
    const p = { ...plan(1), users: 1, posts: 20 };
    const { posts } = community(p);
    expect(posts.every((post) => post.likeCount === 0 && post.commentCount === 0)).toBe(true);
  });

  it('keeps the media pools bounded for benchmark sizes', () => {
    const pools = defaultPools(1_000_000);
    expect(pools.imagesPerTheme * POST_THEMES.length).toBeLessThanOrEqual(300);
    expect(pools.videos).toBeLessThanOrEqual(6);
  });
});

describe('seed flags', () => {
  const clock = () => new Date('2025-06-01T12:34:56.789Z');

  it('defaults to the demo size, seed 1, now to the minute', () => {
    expect(parseSeedArgs([], clock)).toEqual({
      seed: 1,
      users: 60,
      posts: 400,
      located: 60,
      ifEmpty: false,
      reset: false,
      now: new Date('2025-06-01T12:34:00Z'),
    });
  });

  it('reads the benchmark flags', () => {
    const args = parseSeedArgs(['--users', '100000', '--posts', '1000000', '--seed', '7', '--reset'], clock);
    expect(args).toMatchObject({ users: 100_000, posts: 1_000_000, seed: 7, reset: true });
  });

  it('gives positions to the demo users by default, and to as many as --located says', () => {
    expect(parseSeedArgs(['--users', '10'], clock).located).toBe(10);
    expect(parseSeedArgs(['--users', '1000'], clock).located).toBe(60);
    expect(parseSeedArgs(['--users', '1000000', '--located', '1000000'], clock).located).toBe(1_000_000);
    expect(parseSeedArgs(['--users', '1000', '--located', '0'], clock).located).toBe(0);
  });

  it.each([
    [['--posts', 'many']],
    [['--if-empty', '--reset']],
    [['--users', '0', '--posts', '5']],
    [['--users', '10', '--located', '11']],
    [['--located', 'all']],
    [['--now', 'yesterday']],
    [['--bogus']],
  ])('refuses %j', (argv) => {
    expect(() => parseSeedArgs(argv, clock)).toThrow();
  });
});
