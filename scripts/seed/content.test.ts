import { POST_THEMES } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './args.ts';
import { buildPost, buildUser, defaultPools, indexAuthors, type SeedPlan } from './content.ts';

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
      ifEmpty: false,
      reset: false,
      now: new Date('2025-06-01T12:34:00Z'),
    });
  });

  it('reads the benchmark flags', () => {
    const args = parseSeedArgs(['--users', '100000', '--posts', '1000000', '--seed', '7', '--reset'], clock);
    expect(args).toMatchObject({ users: 100_000, posts: 1_000_000, seed: 7, reset: true });
  });

  it.each([
    [['--posts', 'many']],
    [['--if-empty', '--reset']],
    [['--users', '0', '--posts', '5']],
    [['--now', 'yesterday']],
    [['--bogus']],
  ])('refuses %j', (argv) => {
    expect(() => parseSeedArgs(argv, clock)).toThrow();
  });
});
