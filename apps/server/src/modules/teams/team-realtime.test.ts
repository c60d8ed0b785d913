// A team's chat and changes over /realtime: a room per team that follows membership.
import {
  type ChatMessage,
  type ChatUnreadEvent,
  disbandTeam,
  leaveTeam,
  REALTIME_EVENTS,
  respondTeam,
  sendTeamChat,
  type TeamChangedEvent,
} from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { eventually, type Inbox, received, settle, useListeningTestApp } from '../../../test/sockets.ts';
import { teamRoom } from '../../platform/realtime.ts';
import { block } from '../chat/chat.test-helper.ts';
import { startTeam } from './teams.test-helper.ts';

const server = useListeningTestApp();

/** A socket of `who` (anonymous without), ready once its first unread total arrived (its rooms are joined by then). */
async function open(who?: Person): Promise<Inbox> {
  const inbox = await server.open(who?.token);
  if (who) await eventually(inbox, REALTIME_EVENTS.chatUnread);
  return inbox;
}

function say(who: Person, teamId: number, content: string) {
  return who.api.call(sendTeamChat, { team_id: teamId, content });
}

describe('team chat over /realtime', () => {
  it('delivers a message to every member’s sockets and their unread totals, and to nobody else', async () => {
    const [creator, member, stranger] = await Promise.all([
      newPerson(server.t),
      newPerson(server.t),
      newPerson(server.t),
    ]);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    const [creatorSocket, memberSocket, otherDevice, strangerSocket, anonymous] = await Promise.all([
      open(creator),
      open(member),
      open(member),
      open(stranger),
      open(),
    ]);

    const { message } = await say(member, teamId, '我出发了');
    expect(await eventually<ChatMessage>(creatorSocket, REALTIME_EVENTS.chatMessage)).toEqual(message);
    expect(await eventually<ChatMessage>(memberSocket, REALTIME_EVENTS.chatMessage)).toEqual(message);
    expect(await eventually<ChatMessage>(otherDevice, REALTIME_EVENTS.chatMessage)).toEqual(message);
    await eventually<ChatUnreadEvent>(creatorSocket, REALTIME_EVENTS.chatUnread, (e) => e.total === 1);
    await settle();
    expect(received(strangerSocket, REALTIME_EVENTS.chatMessage)).toEqual([]);
    expect(received(anonymous, REALTIME_EVENTS.chatMessage)).toEqual([]);
  });

  it('lets a socket opened before joining receive once joined, and stop once it left', async () => {
    const [creator, rider] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    const teamId = await startTeam(creator);
    const [riderSocket, creatorSocket] = await Promise.all([open(rider), open(creator)]);

    await rider.api.call(respondTeam, { team_id: teamId, action: 'join' });
    const joined = await eventually<TeamChangedEvent>(creatorSocket, REALTIME_EVENTS.teamChanged);
    expect(joined).toEqual({
      team_id: String(teamId),
      change: 'joined',
      user_id: rider.id,
      member_count: 2,
      status: 'active',
    });
    await settle();
    const { message } = await say(creator, teamId, '欢迎');
    expect(await eventually<ChatMessage>(riderSocket, REALTIME_EVENTS.chatMessage)).toEqual(message);

    await rider.api.call(leaveTeam, { team_id: teamId });
    await eventually<TeamChangedEvent>(creatorSocket, REALTIME_EVENTS.teamChanged, (e) => e.change === 'left');
    await settle();
    await say(creator, teamId, '人呢');
    await settle();
    expect(received<ChatMessage>(riderSocket, REALTIME_EVENTS.chatMessage).map((m) => m.content)).toEqual(['欢迎']);
  });

  it('keeps a message from the sockets of members blocked either way with its sender', async () => {
    const [creator, a, b] = await Promise.all([newPerson(server.t), newPerson(server.t), newPerson(server.t)]);
    const teamId = await startTeam(creator);
    for (const who of [a, b]) await who.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await block(b, a);
    const [aSocket, bSocket, creatorSocket] = await Promise.all([open(a), open(b), open(creator)]);
    await say(a, teamId, '看不到我');
    await eventually(creatorSocket, REALTIME_EVENTS.chatMessage);
    await eventually(aSocket, REALTIME_EVENTS.chatMessage);
    await settle();
    expect(received(bSocket, REALTIME_EVENTS.chatMessage)).toEqual([]);
  });

  it('tells the members a team was disbanded and empties its room', async () => {
    const [creator, member] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    const memberSocket = await open(member);
    await creator.api.call(disbandTeam, { team_id: teamId });
    expect(
      await eventually<TeamChangedEvent>(memberSocket, REALTIME_EVENTS.teamChanged, (e) => e.change === 'disbanded'),
    ).toMatchObject({ team_id: String(teamId), status: 'disbanded', user_id: creator.id });
    const rooms = await server.t.app.realtime.io.in(teamRoom(teamId)).fetchSockets();
    expect(rooms).toEqual([]);
  });
});
