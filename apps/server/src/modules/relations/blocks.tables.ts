import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** blocker_id blocked blocked_id: their content disappears for the blocker; they cannot comment on the blocker's posts or follow them. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);
