// Team invitations: private messages with the team's card, under the private chat's
// rules; only the invitee accepts or rejects, once; the card follows the team.
import {
  acceptTeamInvitation,
  type ChatMessage,
  cancelTeam,
  chatHistory,
  chatSend,
  deleteAccount,
  disbandTeam,
  MSG_TYPE,
  privateChats,
  REALTIME_EVENTS,
  rejectTeamInvitation,
  respondTeam,
  STRANGER_MESSAGE_LIMIT,
  sendTeamInvitation,
  TEAM_INVITE_MAX_RECEIVERS,
  teamMembers,
} from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { eventually, useListeningTestApp } from '../../../test/sockets.ts';
import { chatMessages } from '../chat/chat.tables.ts';
import { block, expectBadInput, expectError, newFriends, send } from '../chat/chat.test-helper.ts';
import { expireTeam, startTeam } from './teams.test-helper.ts';

const server = useListeningTestApp();

function invite(from: Person, teamId: number, receivers: readonly Person[] | readonly number[], message = '') {
  const ids = receivers.map((r) => (typeof r === 'number' ? r : r.id));
  return from.api.call(sendTeamInvitation, { team_id: teamId, receiver_ids: ids, message });
}

/** The id of the first invitation an invite call sent (fails when it sent none). */
function firstSent(answer: { sent: { message_id: number }[] }): number {
  const [first] = answer.sent;
  if (!first) throw new Error('no invitation was sent');
  return first.message_id;
}

/** The invitation `who` holds from `from`, as their private history shows it. */
async function invitationIn(who: Person, from: Person): Promise<ChatMessage | undefined> {
  const { messages } = await who.api.call(chatHistory, { receiver_id: from.id });
  return messages.findLast((m) => m.msg_type === MSG_TYPE.team_invite);
}

describe('send-team-invitation', () => {
  it('sends each receiver a private message with the team’s card, once while it is pending', async () => {
    const [creator, friend] = await newFriends(server.t);
    const teamId = await startTeam(creator, { title: '周日充电站集合' });
    const answer = await invite(creator, teamId, [friend], '一起来吧');
    expect(answer.skipped).toEqual([]);
    expect(answer.sent).toEqual([{ receiver_id: friend.id, message_id: expect.any(Number) }]);

    const card = await invitationIn(friend, creator);
    expect(card).toMatchObject({
      id: answer.sent[0]?.message_id,
      talk_type: 1,
      msg_type: MSG_TYPE.team_invite,
      sender_id: creator.id,
      receiver_id: friend.id,
      content: '一起来吧',
      team_invite: {
        team_id: String(teamId),
        title: '周日充电站集合',
        status: 'pending',
        expires_at: expect.any(String),
      },
    });
    expect((await friend.api.call(privateChats, {})).items[0]).toMatchObject({
      unread: 1,
      last_message: expect.objectContaining({ preview: '[车队邀请]' }),
    });

    const again = await invite(creator, teamId, [friend]);
    expect(again.sent).toEqual(answer.sent);
    const { messages } = await friend.api.call(chatHistory, { receiver_id: creator.id });
    expect(messages.filter((m) => m.msg_type === MSG_TYPE.team_invite)).toHaveLength(1);
  });

  it('skips itself, members, unknown accounts, blocks either way and the stranger limit, and invites the rest', async () => {
    const [inviter, friend] = await newFriends(server.t);
    const [member, blocker, blocked, stranger, gone] = await Promise.all([
      newPerson(server.t),
      newPerson(server.t),
      newPerson(server.t),
      newPerson(server.t),
      newPerson(server.t),
    ]);
    const teamId = await startTeam(inviter);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await block(blocker, inviter);
    await block(inviter, blocked);
    for (let i = 0; i < STRANGER_MESSAGE_LIMIT; i++) await send(inviter.api, stranger.id, { content: `你好 ${i}` });
    await gone.api.call(deleteAccount, { confirm: '注销' });

    const answer = await invite(inviter, teamId, [inviter, member, blocker, blocked, stranger, gone, friend]);
    expect(answer.sent.map((s) => s.receiver_id)).toEqual([friend.id]);
    expect(answer.skipped).toEqual([
      { receiver_id: inviter.id, reason: 'self' },
      { receiver_id: member.id, reason: 'member' },
      { receiver_id: blocker.id, reason: 'blocked' },
      { receiver_id: blocked.id, reason: 'blocked' },
      { receiver_id: stranger.id, reason: 'stranger_limit' },
      { receiver_id: gone.id, reason: 'not_found' },
    ]);
    expect(await invitationIn(stranger, inviter)).toBeUndefined();
  });

  it('lets only members of an active team invite, and refuses bad input', async () => {
    const [creator, friend] = await newFriends(server.t);
    const [outsider, member] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    const teamId = await startTeam(creator);
    await expectError(invite(outsider, teamId, [friend]), 'TEAM_NOT_MEMBER');
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    expect((await invite(member, teamId, [friend])).sent).toHaveLength(1);

    await expectBadInput(creator.api.call(sendTeamInvitation, { team_id: teamId, receiver_ids: [] }));
    await expectBadInput(creator.api.call(sendTeamInvitation, { team_id: '', receiver_ids: [friend.id] }));
    await expectBadInput(
      creator.api.call(sendTeamInvitation, {
        team_id: teamId,
        receiver_ids: Array.from({ length: TEAM_INVITE_MAX_RECEIVERS + 1 }, (_, i) => i + 1),
      }),
    );
    await expectError(invite(creator, teamId, [friend], '有需要的加 微 信聊'), 'CONTENT_PROHIBITED');
    await expireTeam(server.t, teamId);
    await expectError(invite(creator, teamId, [outsider]), 'TEAM_CLOSED');
    // A card is never sent through the chat's own send.
    await expectError(
      creator.api.call(chatSend, { receiver_id: friend.id, msg_type: MSG_TYPE.team_invite, content: '来' }),
      'CHAT_TYPE_UNSUPPORTED',
    );
  });
});

describe('accept and reject', () => {
  it('lets only the invitee accept, once: they join the team and both see the card accepted', async () => {
    const [creator, friend] = await newFriends(server.t);
    const bystander = await newPerson(server.t);
    const teamId = await startTeam(creator);
    const message_id = firstSent(await invite(creator, teamId, [friend]));
    const inviterSocket = await server.open(creator.token);
    try {
      const act = { team_id: teamId, message_id };
      await expectError(bystander.api.call(acceptTeamInvitation, act), 'TEAM_INVITATION_NOT_FOUND');
      await expectError(creator.api.call(acceptTeamInvitation, act), 'TEAM_INVITATION_NOT_FOUND');
      await expectError(bystander.api.call(rejectTeamInvitation, act), 'TEAM_INVITATION_NOT_FOUND');
      const otherTeam = await startTeam(creator, { title: '另一个车队' });
      await expectError(
        friend.api.call(acceptTeamInvitation, { team_id: otherTeam, message_id }),
        'TEAM_INVITATION_NOT_FOUND',
      );

      const accepted = await friend.api.call(acceptTeamInvitation, act);
      expect(accepted).toMatchObject({
        team_id: String(teamId),
        message: { id: message_id, team_invite: { status: 'accepted' } },
        team: { joined: true, my_role: 'member', member_count: 2 },
      });
      const updated = await eventually<ChatMessage>(inviterSocket, REALTIME_EVENTS.chatMessageUpdated);
      expect(updated).toMatchObject({ id: message_id, team_invite: { status: 'accepted' } });
      expect((await invitationIn(creator, friend))?.team_invite?.status).toBe('accepted');
      expect((await creator.api.call(teamMembers, { id: teamId })).members.map((m) => m.uid)).toEqual([
        creator.id,
        friend.id,
      ]);

      await expectError(friend.api.call(acceptTeamInvitation, act), 'TEAM_INVITATION_SETTLED');
      await expectError(friend.api.call(rejectTeamInvitation, act), 'TEAM_INVITATION_SETTLED');
    } finally {
      inviterSocket.socket.disconnect();
    }
  });

  it('rejects once; the team does not change', async () => {
    const [creator, friend] = await newFriends(server.t);
    const teamId = await startTeam(creator);
    const message_id = firstSent(await invite(creator, teamId, [friend]));
    expect(await friend.api.call(rejectTeamInvitation, { team_id: String(teamId), message_id })).toMatchObject({
      team_id: String(teamId),
      message: { team_invite: { status: 'rejected' } },
    });
    await expectError(
      friend.api.call(acceptTeamInvitation, { team_id: teamId, message_id }),
      'TEAM_INVITATION_SETTLED',
    );
    expect((await creator.api.call(teamMembers, { id: teamId })).members).toHaveLength(1);
  });

  it('closes pending cards when the team is cancelled or disbanded, and reads them closed once it expired', async () => {
    const [creator, friend] = await newFriends(server.t);
    const cancelled = await startTeam(creator, { title: '会取消' });
    const disbanded = await startTeam(creator, { title: '会解散' });
    const expired = await startTeam(creator, { title: '会过期' });
    const ids = [];
    for (const teamId of [cancelled, disbanded, expired]) {
      ids.push(firstSent(await invite(creator, teamId, [friend])));
    }
    await creator.api.call(cancelTeam, { team_id: cancelled });
    await creator.api.call(disbandTeam, { team_id: disbanded });
    await expireTeam(server.t, expired);
    // A team's end never moves, so its card keeps the end it was sent with: move that too.
    await server.t.app.db
      .update(chatMessages)
      .set({
        invite: sql`jsonb_set(${chatMessages.invite}, '{expiresAt}', to_jsonb(${new Date(Date.now() - 1000).toISOString()}::text))`,
      })
      .where(eq(chatMessages.id, ids[2] as number));

    const { messages } = await friend.api.call(chatHistory, { receiver_id: creator.id });
    const statuses = messages.filter((m) => m.team_invite).map((m) => [m.team_invite?.title, m.team_invite?.status]);
    expect(statuses).toEqual([
      ['会取消', 'closed'],
      ['会解散', 'closed'],
      ['会过期', 'closed'],
    ]);
    for (const [i, teamId] of [cancelled, disbanded].entries()) {
      await expectError(
        friend.api.call(acceptTeamInvitation, { team_id: teamId, message_id: ids[i] as number }),
        'TEAM_INVITATION_SETTLED',
      );
    }
    await expectError(
      friend.api.call(acceptTeamInvitation, { team_id: expired, message_id: ids[2] as number }),
      'TEAM_CLOSED',
    );
  });

  it('refuses joining through an invitation when the team’s creator and the invitee blocked each other', async () => {
    const [member, friend] = await newFriends(server.t);
    const creator = await newPerson(server.t);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    const message_id = firstSent(await invite(member, teamId, [friend]));
    await block(creator, friend);
    await expectError(friend.api.call(acceptTeamInvitation, { team_id: teamId, message_id }), 'TEAM_NOT_FOUND');
    expect((await invitationIn(friend, member))?.team_invite?.status).toBe('pending');
  });
});
