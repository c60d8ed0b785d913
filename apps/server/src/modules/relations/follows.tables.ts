import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** Who follows whom. A row is one follow; mutual follows are two rows. */
export const follows = pgTable(
  'follows',
  {
    followerId: bigint('follower_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    followeeId: bigint('followee_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
  ],
);
