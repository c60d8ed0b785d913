import { parseArgs } from 'node:util';

export type SeedArgs = {
  seed: number;
  users: number;
  posts: number;
  /** Users (the first ones) given a last reported position for the radar and nearby lists. */
  located: number;
  ifEmpty: boolean;
  reset: boolean;
  /** The "now" the data is generated around; default: the current minute. */
  now: Date;
};

/** The demo community: big enough to scroll, small enough to render on first start. */
export const DEMO_USERS = 60;
export const DEMO_POSTS = 400;
/** Users with a position by default, so the demo's radar and nearby lists are not empty. */
export const DEMO_LOCATED = 60;

export const USAGE = `Usage: npm run seed -- [options]
  --seed N      seed of the generated data (default 1): same seed, same rows and files
  --users N     number of users (default ${DEMO_USERS})
  --posts N     number of posts (default ${DEMO_POSTS})
  --located N   give the first N users a position around their home city (default: all, up to ${DEMO_LOCATED});
                most reported within the day, some stale, some invisible
  --if-empty    do nothing when the database already has users (npm start uses this)
  --reset       empty users, posts and everything referencing them first
  --now ISO     the moment the data is generated around (default: now, to the minute)`;

function count(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new Error(`--${name} must be a whole number up to ${max}`);
  return Number(value);
}

/** Parses the seed script's flags; throws with a readable message on a bad one. */
export function parseSeedArgs(argv: readonly string[], clock: () => Date = () => new Date()): SeedArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seed: { type: 'string' },
      users: { type: 'string' },
      posts: { type: 'string' },
      located: { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      now: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values['if-empty'] && values.reset) throw new Error('--if-empty and --reset contradict each other');
  const users = count(values.users, 'users', DEMO_USERS, 10_000_000);
  const posts = count(values.posts, 'posts', DEMO_POSTS, 100_000_000);
  if (users === 0 && posts > 0) throw new Error('--posts needs at least one user to author them');
  const located = count(values.located, 'located', Math.min(users, DEMO_LOCATED), 10_000_000);
  if (located > users) throw new Error('--located cannot exceed --users: only seeded users get a position');
  let now: Date;
  if (values.now !== undefined) {
    now = new Date(values.now);
    if (Number.isNaN(now.getTime())) throw new Error('--now must be an ISO date such as 2025-06-01T12:00:00Z');
  } else {
    now = clock();
    now.setUTCSeconds(0, 0);
  }
  return {
    seed: count(values.seed, 'seed', 1, 2 ** 31),
    users,
    posts,
    located,
    ifEmpty: values['if-empty'],
    reset: values.reset,
    now,
  };
}
