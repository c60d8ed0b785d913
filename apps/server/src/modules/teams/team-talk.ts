// A team's chat and its invitations, as the teams module allows them: the chat module
// stores and delivers (team-chat.service.ts, invitations.service.ts there); who may write,
// invite, accept or reject, and whether the team still accepts anything, is decided here,
// under the team's lock, in the chat's own transaction (its guard).
import { AppError, type ChatMessage, type ErrorCode, type TeamCard } from '@evcircle/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { lockLiveUsers } from '../accounts/index.ts';
import {
  findMessageView,
  lockReceivedInvitation,
  readTeamHistory,
  sendTeamInvite,
  sendTeamMessage,
  settleInvitation,
  type TeamGuard,
  type TeamHistoryQuery,
  type TeamSendInput,
} from '../chat/index.ts';
import { canSee, findTeam, lockTeam, membershipOf, statusOf, type TeamRow } from './team-rows.ts';
import { toTeamCards } from './team-views.ts';
import { joinLocked, type TeamDeps } from './teams.service.ts';
import { teamMembers } from './teams.tables.ts';

/**
 * What a member's write to a team needs, checked on `db` (a `tx` holding the team's
 * lock, for the guard): TEAM_NOT_FOUND when the viewer may not see the team,
 * TEAM_NOT_MEMBER when they see it but are not in it, TEAM_CLOSED (with `needsActive`)
 * once it accepts nothing.
 */
async function assertMember(
  db: Db,
  viewerId: number,
  team: TeamRow | null,
  now: Date,
  needsActive: boolean,
): Promise<TeamRow> {
  const membership = team ? await membershipOf(db, team.id, viewerId) : null;
  if (!team || !(await canSee(db, viewerId, team, membership, now))) throw new AppError('TEAM_NOT_FOUND');
  if (!membership) throw new AppError('TEAM_NOT_MEMBER');
  if (needsActive && statusOf(team, now) !== 'active') throw new AppError('TEAM_CLOSED');
  return team;
}

/** The guard of a member's write: the team locked FOR SHARE (a cancel or disband waits for it), then assertMember. */
function memberGuard(viewerId: number, teamId: number): TeamGuard {
  return async (tx) => {
    await assertMember(tx, viewerId, await lockTeam(tx, teamId, 'share'), new Date(), true);
  };
}

/** team-chat-history: members only; an ended (expired or cancelled) team's chat stays readable. */
export async function teamChatHistory(
  db: Db,
  viewerId: number,
  teamId: number,
  query: TeamHistoryQuery,
): Promise<{ messages: ChatMessage[]; has_more: boolean }> {
  await assertMember(db, viewerId, await findTeam(db, teamId), new Date(), false);
  return readTeamHistory(db, viewerId, teamId, query);
}

/** send-team-chat: a member of an active team writes to its chat. */
export async function sendTeamChat(
  deps: TeamDeps,
  viewerId: number,
  teamId: number,
  input: TeamSendInput,
): Promise<{ id: number; success: boolean; message: ChatMessage }> {
  const message = await sendTeamMessage(deps, viewerId, teamId, input, memberGuard(viewerId, teamId));
  return { id: message.id, success: true, message };
}

/** Private chat refusals that skip one receiver of an invitation call, with the reason answered. */
const SKIPS: Partial<Record<ErrorCode, 'self' | 'not_found' | 'blocked' | 'stranger_limit'>> = {
  CHAT_SELF: 'self',
  CHAT_USER_NOT_FOUND: 'not_found',
  CHAT_BLOCKED: 'blocked',
  CHAT_STRANGER_LIMIT: 'stranger_limit',
};

type InvitationSkip = { receiver_id: number; reason: 'self' | 'member' | 'not_found' | 'blocked' | 'stranger_limit' };

/**
 * send-team-invitation: a member of an active team invites each receiver with a private
 * message carrying the team's card, each in its own transaction under the private chat's
 * rules; those refused are answered in `skipped` with the reason (the others are still
 * invited). The team's state is checked first for a clear error, and again under its lock
 * for each invitation: should the team end midway, the call stops with that error (and
 * the invitations already sent are closed with it).
 */
export async function sendInvitations(
  deps: TeamDeps,
  viewerId: number,
  input: { team_id: number; receiver_ids: number[]; message: string },
): Promise<{ sent: { receiver_id: number; message_id: number }[]; skipped: InvitationSkip[] }> {
  const team = await assertMember(deps.db, viewerId, await findTeam(deps.db, input.team_id), new Date(), true);
  const receiverIds = [...new Set(input.receiver_ids)];
  const members = await deps.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), inArray(teamMembers.userId, receiverIds)));
  const memberIds = new Set(members.map((row) => row.userId));
  const sent: { receiver_id: number; message_id: number }[] = [];
  const skipped: InvitationSkip[] = [];
  for (const receiverId of receiverIds) {
    if (receiverId === viewerId) {
      skipped.push({ receiver_id: receiverId, reason: 'self' });
      continue;
    }
    if (memberIds.has(receiverId)) {
      skipped.push({ receiver_id: receiverId, reason: 'member' });
      continue;
    }
    try {
      const message = await sendTeamInvite(
        deps,
        viewerId,
        receiverId,
        { teamId: team.id, title: team.title, expiresAt: team.expiresAt, message: input.message },
        memberGuard(viewerId, team.id),
      );
      sent.push({ receiver_id: receiverId, message_id: message.id });
    } catch (err) {
      const reason = err instanceof AppError ? SKIPS[err.code] : undefined;
      if (!reason) throw err;
      skipped.push({ receiver_id: receiverId, reason });
    }
  }
  return { sent, skipped };
}

/**
 * accept-team-invitation: only the invitee, once (TEAM_INVITATION_NOT_FOUND for anyone
 * else, TEAM_INVITATION_SETTLED the second time). They join the team under its rules
 * (active, not full, not blocked either way with its creator) and the card reads
 * accepted, in one transaction: the account, then the team, then the invitation (the
 * order a cancel takes: team, then its invitations).
 */
export async function acceptInvitation(
  deps: TeamDeps,
  viewerId: number,
  input: { team_id: number; message_id: number },
): Promise<{ team_id: string; message: ChatMessage; team: TeamCard }> {
  const now = new Date();
  const team = await transaction(deps.db, async (tx, announce) => {
    const live = await lockLiveUsers(tx, [viewerId]);
    if (!live.has(viewerId)) throw new AppError('NOT_LOGGED_IN');
    const locked = await lockTeam(tx, input.team_id, 'update');
    const invitation = locked ? await lockReceivedInvitation(tx, viewerId, input.team_id, input.message_id) : null;
    if (!locked || !invitation) throw new AppError('TEAM_INVITATION_NOT_FOUND');
    if (invitation.status !== 'pending') throw new AppError('TEAM_INVITATION_SETTLED');
    // The card named the team: an ended one says so, before whether they may see it.
    if (statusOf(locked, now) !== 'active') throw new AppError('TEAM_CLOSED');
    const membership = await membershipOf(tx, locked.id, viewerId);
    if (!(await canSee(tx, viewerId, locked, membership, now))) throw new AppError('TEAM_NOT_FOUND');
    await joinLocked(tx, announce, locked, viewerId);
    await settleInvitation(tx, invitation.messageId, 'accepted');
    return (await findTeam(tx, locked.id)) ?? locked;
  });
  return {
    team_id: String(team.id),
    message: await requireMessage(deps.db, input.message_id),
    team: await cardOf(deps.db, viewerId, team, now),
  };
}

/**
 * reject-team-invitation: only the invitee, once; the card reads rejected. A team that
 * has ended meanwhile makes no difference: the answer is the invitee's.
 */
export async function rejectInvitation(
  deps: TeamDeps,
  viewerId: number,
  input: { team_id: number; message_id: number },
): Promise<{ team_id: string; message: ChatMessage }> {
  await transaction(deps.db, async (tx) => {
    const live = await lockLiveUsers(tx, [viewerId]);
    if (!live.has(viewerId)) throw new AppError('NOT_LOGGED_IN');
    // The team before the invitation, as a cancel locks them; a deleted team has closed it.
    await lockTeam(tx, input.team_id, 'share');
    const invitation = await lockReceivedInvitation(tx, viewerId, input.team_id, input.message_id);
    if (!invitation) throw new AppError('TEAM_INVITATION_NOT_FOUND');
    if (invitation.status !== 'pending') throw new AppError('TEAM_INVITATION_SETTLED');
    await settleInvitation(tx, invitation.messageId, 'rejected');
  });
  return { team_id: String(input.team_id), message: await requireMessage(deps.db, input.message_id) };
}

async function requireMessage(db: Db, messageId: number): Promise<ChatMessage> {
  const message = await findMessageView(db, messageId);
  if (!message) throw new AppError('TEAM_INVITATION_NOT_FOUND');
  return message;
}

async function cardOf(db: Db, viewerId: number, team: TeamRow, now: Date): Promise<TeamCard> {
  const [card] = await toTeamCards(db, viewerId, [team], now);
  if (!card) throw new Error(`team ${team.id} could not be shown`);
  return card;
}
