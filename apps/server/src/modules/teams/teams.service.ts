// The writes of a team's life (SPEC.md §4 "Team": created, joined, responded, left,
// cancelled or disbanded; docs/decisions/0017-teams.md). Each is one transaction that
// locks the account, then the team row, then what it changes, and checks the team's
// state under that lock: a team past expires_at accepts nothing, whatever raced it.
import {
  AppError,
  REALTIME_EVENTS,
  TEAM_ACTIVE_LIMIT,
  TEAM_MAX_MEMBERS,
  TEAM_NOTIFY_MAX_RECIPIENTS,
  type TeamAction,
  type TeamCard,
  type TeamChange,
  type TeamChangedEvent,
  type TeamStatus,
} from '@evcircle/contract';
import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type Announce, transaction } from '../../platform/events.ts';
import { teamRoom } from '../../platform/realtime.ts';
import { lockLiveUsers } from '../accounts/index.ts';
import {
  addTeamChatMember,
  type ChatDeps,
  closeTeamInvitations,
  deleteTeamChat,
  openTeamChat,
  removeTeamChatMember,
} from '../chat/index.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { snapPoint, userIdsWithin } from '../nearby/index.ts';
import { canSee, lockTeam, membershipOf, statusOf, type TeamRow } from './team-rows.ts';
import { toTeamCards } from './team-views.ts';
import './teams.events.ts';
import { teamMembers, teamResponses, teams } from './teams.tables.ts';

export type TeamDeps = ChatDeps;

export type CreateTeamInput = {
  title: string;
  description: string;
  latitude: number;
  longitude: number;
  /** km */
  notify_radius: number;
  /** minutes */
  expires_in: number;
  push_notify: 0 | 1;
};

/**
 * create-team: the team at its snapped point, its creator as first member (answered
 * join), its chat, in one transaction. At most TEAM_ACTIVE_LIMIT active teams per person,
 * counted under a lock of the creator's own (two creates at once count one after the
 * other). With push_notify, the people with a fresh position within the notify radius
 * (invisible ones too: being told is not being seen) are named in team.created, for the
 * notify module to tell.
 */
export async function createTeam(
  deps: TeamDeps,
  viewerId: number,
  input: CreateTeamInput,
): Promise<{ team_id: string }> {
  assertNoProhibitedWords(input.title, 'title');
  if (input.description !== '') assertNoProhibitedWords(input.description, 'description');
  const point = snapPoint({ latitude: input.latitude, longitude: input.longitude });
  const notifyRadiusM = Math.round(input.notify_radius * 1000);
  const teamId = await transaction(deps.db, async (tx, announce) => {
    const live = await lockLiveUsers(tx, [viewerId]);
    if (!live.has(viewerId)) throw new AppError('NOT_LOGGED_IN');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`teams:create:${viewerId}`}, 0))`);
    const now = new Date();
    const [running] = await tx
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.creatorId, viewerId), eq(teams.status, 'active'), gt(teams.expiresAt, now)));
    if ((running?.n ?? 0) >= TEAM_ACTIVE_LIMIT) throw new AppError('TEAM_ACTIVE_LIMIT');

    const [team] = await tx
      .insert(teams)
      .values({
        creatorId: viewerId,
        title: input.title,
        description: input.description,
        latitude: point.latitude,
        longitude: point.longitude,
        notifyRadiusM,
        pushNotify: input.push_notify,
        expiresAt: new Date(now.getTime() + input.expires_in * 60_000),
        createdAt: now,
      })
      .returning();
    if (!team) throw new Error('the team was not created');
    await tx.insert(teamMembers).values({ teamId: team.id, userId: viewerId, role: 'creator', joinedAt: now });
    await tx.insert(teamResponses).values({ teamId: team.id, userId: viewerId, action: 'join', respondedAt: now });
    await openTeamChat(tx, team.id, team.title, viewerId);
    const recipientIds =
      input.push_notify === 1
        ? (await userIdsWithin(tx, point, notifyRadiusM, { excludeIds: [viewerId] })).slice(
            0,
            TEAM_NOTIFY_MAX_RECIPIENTS,
          )
        : [];
    await announce('team.created', {
      teamId: team.id,
      creatorId: viewerId,
      title: team.title,
      description: team.description,
      recipientIds,
    });
    return team.id;
  });
  return { team_id: String(teamId) };
}

/** The members of a team but `exceptId` (whom a team event tells). */
async function otherMemberIds(tx: Db, teamId: number, exceptId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, exceptId)));
  return rows.map((row) => row.userId);
}

/**
 * Inside a transaction holding the team FOR UPDATE: makes `userId` a member (and of its
 * chat) unless they are one; TEAM_FULL at TEAM_MAX_MEMBERS. Answers whether they joined now.
 */
export async function joinLocked(tx: Db, announce: Announce, team: TeamRow, userId: number): Promise<boolean> {
  if (await membershipOf(tx, team.id, userId)) return false;
  if (team.memberCount >= TEAM_MAX_MEMBERS) throw new AppError('TEAM_FULL');
  await tx.insert(teamMembers).values({ teamId: team.id, userId, role: 'member' });
  await tx
    .update(teams)
    .set({ memberCount: sql`${teams.memberCount} + 1` })
    .where(eq(teams.id, team.id));
  await tx
    .insert(teamResponses)
    .values({ teamId: team.id, userId, action: 'join' })
    .onConflictDoUpdate({
      target: [teamResponses.teamId, teamResponses.userId],
      set: { action: 'join', respondedAt: sql`now()` },
    });
  await addTeamChatMember(tx, team.id, userId);
  await announce('team.joined', {
    teamId: team.id,
    userId,
    title: team.title,
    memberIds: await otherMemberIds(tx, team.id, userId),
  });
  return true;
}

/**
 * Locks the viewer's account and then the team for a change by the viewer; TEAM_NOT_FOUND
 * when there is no such team or the viewer may not see it, TEAM_CLOSED when it no longer
 * accepts anything (expired, cancelled).
 */
async function lockActiveTeam(tx: Db, viewerId: number, teamId: number, now: Date): Promise<TeamRow> {
  const live = await lockLiveUsers(tx, [viewerId]);
  if (!live.has(viewerId)) throw new AppError('NOT_LOGGED_IN');
  const team = await lockTeam(tx, teamId, 'update');
  if (!team || !(await canSee(tx, viewerId, team, await membershipOf(tx, teamId, viewerId), now))) {
    throw new AppError('TEAM_NOT_FOUND');
  }
  if (statusOf(team, now) !== 'active') throw new AppError('TEAM_CLOSED');
  return team;
}

/**
 * respond-team. join: become a member; on_way: become one when needed, and say so;
 * cannot: a member says they cannot come and stays a member (the creator cannot: they
 * cancel instead); anyone else declines without joining. Answers the team as the viewer
 * now sees it; the team's members hear of it (team:changed).
 */
export async function respondTeam(
  deps: TeamDeps,
  viewerId: number,
  teamId: number,
  action: TeamAction,
): Promise<TeamCard> {
  const now = new Date();
  const result = await transaction(deps.db, async (tx, announce) => {
    const team = await lockActiveTeam(tx, viewerId, teamId, now);
    const membership = await membershipOf(tx, teamId, viewerId);
    if (action === 'cannot' && membership?.role === 'creator') throw new AppError('TEAM_CREATOR_CANNOT_DECLINE');
    const hasJoined = action !== 'cannot' && (await joinLocked(tx, announce, team, viewerId));
    await tx
      .insert(teamResponses)
      .values({ teamId, userId: viewerId, action })
      .onConflictDoUpdate({
        target: [teamResponses.teamId, teamResponses.userId],
        set: { action, respondedAt: sql`now()` },
      });
    const [updated] = await tx.select().from(teams).where(eq(teams.id, teamId));
    return { team: updated ?? team, hasJoined };
  });
  tellTeam(deps, result.team, result.hasJoined ? 'joined' : 'responded', viewerId, now);
  const [card] = await toTeamCards(deps.db, viewerId, [result.team], now);
  if (!card) throw new Error(`team ${teamId} could not be shown`);
  return card;
}

/**
 * leave-team: a member leaves the team, its answers and its chat (any state but
 * disbanded: an ended team's members may tidy their lists). The creator cannot leave
 * (TEAM_CREATOR_CANNOT_LEAVE); someone who is not a member gets TEAM_NOT_JOINED, or
 * TEAM_NOT_FOUND when they may not see the team at all.
 */
export async function leaveTeam(
  deps: TeamDeps,
  viewerId: number,
  teamId: number,
): Promise<{ team_id: string; status: TeamStatus }> {
  const now = new Date();
  const team = await transaction(deps.db, async (tx) => {
    const live = await lockLiveUsers(tx, [viewerId]);
    if (!live.has(viewerId)) throw new AppError('NOT_LOGGED_IN');
    const locked = await lockTeam(tx, teamId, 'update');
    const membership = locked ? await membershipOf(tx, teamId, viewerId) : null;
    if (!locked || !(await canSee(tx, viewerId, locked, membership, now))) throw new AppError('TEAM_NOT_FOUND');
    if (!membership) throw new AppError('TEAM_NOT_JOINED');
    if (membership.role === 'creator') throw new AppError('TEAM_CREATOR_CANNOT_LEAVE');
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, viewerId)));
    await tx.delete(teamResponses).where(and(eq(teamResponses.teamId, teamId), eq(teamResponses.userId, viewerId)));
    const [updated] = await tx
      .update(teams)
      .set({ memberCount: sql`${teams.memberCount} - 1` })
      .where(eq(teams.id, teamId))
      .returning();
    await removeTeamChatMember(tx, teamId, viewerId);
    return updated ?? locked;
  });
  tellTeam(deps, team, 'left', viewerId, now);
  return { team_id: String(teamId), status: statusOf(team, now) };
}

/**
 * Locks the team for its creator's decision: TEAM_NOT_FOUND when the viewer may not see
 * it, TEAM_NOT_CREATOR when they are not its creator.
 */
async function lockOwnTeam(tx: Db, viewerId: number, teamId: number, now: Date): Promise<TeamRow> {
  const live = await lockLiveUsers(tx, [viewerId]);
  if (!live.has(viewerId)) throw new AppError('NOT_LOGGED_IN');
  const team = await lockTeam(tx, teamId, 'update');
  if (!team || !(await canSee(tx, viewerId, team, await membershipOf(tx, teamId, viewerId), now))) {
    throw new AppError('TEAM_NOT_FOUND');
  }
  if (team.creatorId !== viewerId) throw new AppError('TEAM_NOT_CREATOR');
  return team;
}

/**
 * cancel-team (creator, active teams only): the meetup is called off. The team reads
 * 已取消 and accepts nothing; its members keep reading it and its chat; pending
 * invitations close; the members are told (team.ended, team:changed).
 */
export function cancelTeam(
  deps: TeamDeps,
  viewerId: number,
  teamId: number,
): Promise<{ team_id: string; status: TeamStatus }> {
  return endTeam(deps, viewerId, teamId, 'cancelled');
}

/**
 * disband-team (creator, any state but disbanded): the team is dissolved: gone from every
 * list, its chat and messages deleted, pending invitations closed, the members told. The
 * row stays (disbanded) so invitations and notifications of it read as ended.
 */
export function disbandTeam(
  deps: TeamDeps,
  viewerId: number,
  teamId: number,
): Promise<{ team_id: string; status: TeamStatus }> {
  return endTeam(deps, viewerId, teamId, 'disbanded');
}

/**
 * A creator ends their team, one way or the other: under the team's lock its status and
 * end time are set and its pending invitations closed (a cancelled team must be active
 * still; a disbanded one loses its chat too), team.ended is announced with the other
 * members, and after commit every member's sockets get team:changed.
 */
async function endTeam(
  deps: TeamDeps,
  viewerId: number,
  teamId: number,
  change: 'cancelled' | 'disbanded',
): Promise<{ team_id: string; status: TeamStatus }> {
  const now = new Date();
  const { team, memberIds } = await transaction(deps.db, async (tx, announce) => {
    const locked = await lockOwnTeam(tx, viewerId, teamId, now);
    if (change === 'cancelled' && statusOf(locked, now) !== 'active') throw new AppError('TEAM_CLOSED');
    const [updated] = await tx
      .update(teams)
      .set({ status: change, endedAt: now })
      .where(eq(teams.id, teamId))
      .returning();
    await closeTeamInvitations(tx, teamId);
    if (change === 'disbanded') await deleteTeamChat(tx, teamId);
    const others = await otherMemberIds(tx, teamId, viewerId);
    await announce('team.ended', { teamId, creatorId: viewerId, title: locked.title, change, memberIds: others });
    return { team: updated ?? locked, memberIds: others };
  });
  tellMembers(deps, team, change, viewerId, [viewerId, ...memberIds], now);
  return { team_id: String(teamId), status: change };
}

function changedEvent(team: TeamRow, change: TeamChange, userId: number, now: Date): TeamChangedEvent {
  return {
    team_id: String(team.id),
    change,
    user_id: userId,
    member_count: team.memberCount,
    status: statusOf(team, now),
  };
}

/** After commit: team:changed to the sockets in the team's room (its members'). */
function tellTeam(deps: TeamDeps, team: TeamRow, change: TeamChange, userId: number, now: Date): void {
  deps.realtime.toRoom(teamRoom(team.id), REALTIME_EVENTS.teamChanged, changedEvent(team, change, userId, now));
}

/**
 * After commit: team:changed to each member's sockets, for a change that also empties
 * the room (a disbanded team's room is closed as its chat is deleted).
 */
function tellMembers(
  deps: TeamDeps,
  team: TeamRow,
  change: TeamChange,
  userId: number,
  memberIds: readonly number[],
  now: Date,
): void {
  const event = changedEvent(team, change, userId, now);
  for (const memberId of memberIds) deps.realtime.toUser(memberId, REALTIME_EVENTS.teamChanged, event);
}

/**
 * A deleted account's teams go with it, in the deletion's transaction: the teams it
 * started (their chats and messages, memberships and answers; pending invitations
 * closed), and its place in the others (membership, answer, its messages in their chats;
 * member counts one fewer). Each team is locked before its chat, as every team write does.
 */
export async function forgetTeamsOf(tx: Db, userId: number): Promise<void> {
  const own = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.creatorId, userId))
    .orderBy(teams.id)
    .for('update');
  for (const { id } of own) {
    await closeTeamInvitations(tx, id);
    await deleteTeamChat(tx, id);
  }
  if (own.length > 0) {
    await tx.delete(teams).where(
      inArray(
        teams.id,
        own.map((row) => row.id),
      ),
    );
  }
  const joined = await tx
    .select({ id: teams.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(teams.id)
    .for('update', { of: teams });
  for (const { id } of joined) {
    await tx
      .update(teams)
      .set({ memberCount: sql`${teams.memberCount} - 1` })
      .where(eq(teams.id, id));
    await removeTeamChatMember(tx, id, userId, { withMessages: true });
  }
  await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
  await tx.delete(teamResponses).where(eq(teamResponses.userId, userId));
}
