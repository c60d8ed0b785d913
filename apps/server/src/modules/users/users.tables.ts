import { bigint, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** People of the community. Login identities (mobile, sessions) arrive with the accounts issue. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    nickname: text('nickname').notNull(),
    /** Storage key or absolute URL of the avatar; '' when none. */
    avatar: text('avatar').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** 0 unknown, 1 male, 2 female. */
    sex: smallint('sex').notNull().default(0),
    carModel: text('car_model').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_nickname_idx').on(t.nickname)],
);
