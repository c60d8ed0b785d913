// A team's row and what every team call reads from it first: its state now, whether
// the viewer may see it, the viewer's membership, and the row locked for a write.
import { AppError, type TeamRole, type TeamStatus } from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { isBlockedEitherWay } from '../relations/index.ts';
import { teamMembers, teams } from './teams.tables.ts';

export type TeamRow = typeof teams.$inferSelect;
export type Membership = { role: Exclude<TeamRole, 'none'> } | null;

/** The team's state at `now`: an active team past expires_at is expired (and accepts nothing). */
export function statusOf(team: Pick<TeamRow, 'status' | 'expiresAt'>, now: Date): TeamStatus {
  if (team.status === 'cancelled' || team.status === 'disbanded') return team.status;
  return team.expiresAt.getTime() > now.getTime() ? 'active' : 'expired';
}

/**
 * Inside a transaction: team `teamId` locked for a write (FOR UPDATE: membership and
 * state change; FOR SHARE: a message or an invitation, which must not commit beside a
 * cancel or disband), or null when there is none.
 */
export async function lockTeam(tx: Db, teamId: number, mode: 'update' | 'share'): Promise<TeamRow | null> {
  const [row] = await tx
    .select()
    .from(teams)
    .where(eq(teams.id, teamId))
    .for(mode === 'update' ? 'update' : 'share');
  return row ?? null;
}

export async function findTeam(db: Db, teamId: number): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row ?? null;
}

/** The viewer's membership of a team: creator, member, or null. */
export async function membershipOf(db: Db, teamId: number, userId: number): Promise<Membership> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!row) return null;
  return { role: row.role === 'creator' ? 'creator' : 'member' };
}

/**
 * Whether the viewer may see a team: never a disbanded one; always their own or one they
 * are a member of; otherwise an active one whose creator and the viewer have not blocked
 * each other (an ended team is its members' business).
 */
export async function canSee(
  db: Db,
  viewerId: number,
  team: TeamRow,
  membership: Membership,
  now: Date,
): Promise<boolean> {
  if (team.status === 'disbanded') return false;
  if (membership || team.creatorId === viewerId) return true;
  if (statusOf(team, now) !== 'active') return false;
  return !(await isBlockedEitherWay(db, viewerId, team.creatorId));
}

/** The team and the viewer's membership when the viewer may see it; TEAM_NOT_FOUND otherwise. */
export async function requireVisible(
  db: Db,
  viewerId: number,
  team: TeamRow | null,
  now: Date,
): Promise<{ team: TeamRow; membership: Membership }> {
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  const membership = await membershipOf(db, team.id, viewerId);
  if (!(await canSee(db, viewerId, team, membership, now))) throw new AppError('TEAM_NOT_FOUND');
  return { team, membership };
}
