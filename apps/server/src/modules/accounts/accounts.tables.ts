import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** People of the community, and their login identity (area code + mobile). */
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
    /** Area code without '+', e.g. '86'; null for seeded authors and deleted accounts. */
    acode: text('acode'),
    /** National number, digits only; null for seeded authors and deleted accounts. */
    mobile: text('mobile'),
    /** Who invited this user (recorded once, at sign-up). */
    invitedBy: bigint('invited_by', { mode: 'number' }),
    /** 'user' or 'admin' (granted by `npm run admin:grant`). */
    role: text('role').notNull().default('user'),
    /**
     * The VIP membership runs until this moment (null: never a member; LIFETIME_VIP_UNTIL for
     * lifetime). Written only by the vip module, through setVipUntil; everyone reads `vipFlag`.
     */
    vipUntil: timestamp('vip_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the account is deleted; the row stays so posts by others keep their threads. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('users_nickname_idx').on(t.nickname),
    index('users_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
    uniqueIndex('users_mobile_idx').on(t.acode, t.mobile),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
);

/** For foreign keys to a user: other modules' tables reference `users.id` through this (see index.ts). */
export const userKey = () => users.id;

/** A lifetime membership's end: never, written as the last day a timestamp column comfortably holds. */
export const LIFETIME_VIP_UNTIL = new Date('9999-12-31T00:00:00Z');

/** 1 while the user's membership runs, else 0: the one way every read computes is_vip. */
export const vipFlag = () => sql<number>`(case when ${users.vipUntil} > now() then 1 else 0 end)`.mapWith(Number);
