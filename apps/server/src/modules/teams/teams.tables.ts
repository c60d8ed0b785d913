import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/**
 * Teams (SPEC.md §3 "Team"; docs/decisions/0017-teams.md). The point is the meeting
 * place as the creator gave it, snapped to the nearby grid before it is stored (WGS-84
 * degrees of the cell's centre) and never answered: only distance buckets are. `status`
 * is active, cancelled or disbanded as stored; an active team past `expiresAt` reads
 * expired. `memberCount` is kept in the transactions that add and remove members.
 */
export const teams = pgTable(
  'teams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    creatorId: bigint('creator_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    notifyRadiusM: integer('notify_radius_m').notNull(),
    pushNotify: smallint('push_notify').notNull().default(0),
    status: text('status').notNull().default('active'),
    memberCount: integer('member_count').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was cancelled or disbanded. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    // Active teams near a point: earth_box over this index, then earth_distance.
    index('teams_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.status} = 'active'`),
    index('teams_creator_idx').on(t.creatorId, t.createdAt.desc(), t.id.desc()),
    check('teams_lat_range', sql`${t.latitude} between -90 and 90`),
    check('teams_lng_range', sql`${t.longitude} between -180 and 180`),
    check('teams_status', sql`${t.status} in ('active', 'cancelled', 'disbanded')`),
  ],
);

/** A team's members, its creator included (role creator); removed when they leave. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // joined-teams, and the teams of a deleted account.
    index('team_members_user_idx').on(t.userId, t.joinedAt.desc()),
  ],
);

/**
 * Answers to respond-team, one per person and team: every member has one (join, or
 * on_way / cannot); someone who is not a member may have `cannot` (they declined).
 */
export const teamResponses = pgTable(
  'team_responses',
  {
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_responses_user_idx').on(t.userId),
    check('team_responses_action', sql`${t.action} in ('join', 'on_way', 'cannot')`),
  ],
);
