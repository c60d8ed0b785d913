// Teams through the API: creating, answering, leaving, cancelling and disbanding; who may
// do what; a team past its end accepts nothing; nothing answered locates anyone.
import {
  cancelTeam,
  createTeam,
  deleteAccount,
  disbandTeam,
  groupChats,
  joinedTeams,
  leaveTeam,
  myTeams,
  respondTeam,
  STATUS,
  sendTeamChat,
  TEAM_ACTIVE_LIMIT,
  TEAM_MAX_MEMBERS,
  teamChatHistory,
  teamMembers,
  teamResponseStatus,
  teamResponses,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { block, expectBadInput, expectError } from '../chat/chat.test-helper.ts';
import { snapPoint } from '../nearby/index.ts';
import { teamMembers as memberRows, teams } from './teams.tables.ts';
import { cardOf, expectNoCoordinates, expireTeam, HERE, offset, startTeam } from './teams.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function teamRow(teamId: number) {
  const [row] = await t.app.db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

async function myTeamCards(who: Person) {
  return (await who.api.call(myTeams, {})).items;
}

async function joinedTeamCards(who: Person) {
  return (await who.api.call(joinedTeams, {})).items;
}

describe('create-team', () => {
  it('starts a team with its creator as first member and its chat, answering the id as text', async () => {
    const creator = await newPerson(t);
    const teamId = await startTeam(creator, { title: '  周末自驾去千岛湖  ', notify_radius: '3', expires_in: '90' });

    const card = cardOf(await myTeamCards(creator), teamId);
    expect(card).toMatchObject({
      team_id: String(teamId),
      title: '周末自驾去千岛湖',
      description: '周六早上 8 点人民广场集合',
      creator: { uid: creator.id, nickname: creator.nickname },
      member_count: 1,
      status: 'active',
      notify_radius: 3,
      push_notify: 0,
      distance: null,
      distance_text: '',
      my_role: 'creator',
      joined: true,
      my_response: 'join',
    });
    const minutes = (Date.parse(card?.expires_at ?? '') - Date.parse(card?.created_at ?? '')) / 60_000;
    expect(minutes).toBeCloseTo(90, 5);

    const { team, members } = await creator.api.call(teamMembers, { id: teamId });
    expect(team.team_id).toBe(String(teamId));
    expect(members).toEqual([
      {
        uid: creator.id,
        nickname: creator.nickname,
        avatar: '',
        role: 'creator',
        response: 'join',
        joined_at: expect.any(String),
      },
    ]);
    const chats = await creator.api.call(groupChats, {});
    expect(chats.items).toEqual([
      expect.objectContaining({ talk_type: 2, team_id: teamId, receiver_id: 0, title: '周末自驾去千岛湖', unread: 0 }),
    ]);
  });

  it('refuses bad input with a Chinese message and stores nothing', async () => {
    const creator = await newPerson(t);
    const valid = { title: '夜骑', ...HERE };
    for (const bad of [
      { ...valid, title: '' },
      { ...valid, title: '   ' },
      { ...valid, title: '长'.repeat(31) },
      { ...valid, description: '长'.repeat(501) },
      { ...valid, latitude: 91 },
      { ...valid, latitude: '' },
      { ...valid, longitude: 'abc' },
      { ...valid, longitude: -181 },
      { ...valid, notify_radius: 0 },
      { ...valid, notify_radius: 51 },
      { ...valid, expires_in: 10 },
      { ...valid, expires_in: 7 * 24 * 60 + 1 },
      { ...valid, expires_in: 45.5 },
      { ...valid, push_notify: 2 },
    ]) {
      await expectBadInput(creator.api.call(createTeam, bad as never));
    }
    await expectError(creator.api.call(createTeam, { ...valid, title: '有需要的加 微 信聊' }), 'CONTENT_PROHIBITED');
    await expectError(
      creator.api.call(createTeam, { ...valid, description: '有需要的加 微 信聊' }),
      'CONTENT_PROHIBITED',
    );
    expect(await t.app.db.select().from(teams).where(eq(teams.creatorId, creator.id))).toEqual([]);
  });

  it('stores the point snapped to the nearby grid and answers no coordinates anywhere', async () => {
    const [creator, other] = await Promise.all([newPerson(t), newPerson(t)]);
    const asked = offset(137, -61);
    const teamId = await startTeam(creator, asked);
    const row = await teamRow(teamId);
    const stored = { latitude: row?.latitude ?? 0, longitude: row?.longitude ?? 0 };
    expect(stored).toEqual(snapPoint(asked));
    expect(stored).not.toEqual(asked);

    const answers = [
      await creator.api.call(myTeams, {}),
      await other.api.call(respondTeam, { team_id: String(teamId), action: 'join' }),
      await other.api.call(joinedTeams, {}),
      await other.api.call(teamMembers, { id: teamId }),
      await other.api.call(teamResponseStatus, { team_id: teamId }),
      await other.api.call(teamResponses, { team_ids: String(teamId) }),
    ];
    for (const answer of answers) expectNoCoordinates(answer, [asked, stored]);
  });

  it(`lets one person run at most ${TEAM_ACTIVE_LIMIT} active teams; cancelled and expired ones do not count`, async () => {
    const creator = await newPerson(t);
    const ids: number[] = [];
    for (let i = 0; i < TEAM_ACTIVE_LIMIT; i++) ids.push(await startTeam(creator, { title: `车队 ${i}` }));
    await expectError(startTeam(creator, { title: '再来一个' }), 'TEAM_ACTIVE_LIMIT');
    await creator.api.call(cancelTeam, { team_id: ids[0] as number });
    const again = await startTeam(creator, { title: '又一个' });
    await expectError(startTeam(creator, { title: '还想再来' }), 'TEAM_ACTIVE_LIMIT');
    await expireTeam(t, again);
    await startTeam(creator, { title: '过期后再来' });
    expect(await t.app.db.select().from(teams).where(eq(teams.creatorId, creator.id))).toHaveLength(
      TEAM_ACTIVE_LIMIT + 2,
    );
  });

  it('counts the limit right when creates arrive at once', async () => {
    const creator = await newPerson(t);
    const results = await Promise.allSettled(
      Array.from({ length: TEAM_ACTIVE_LIMIT + 2 }, (_, i) => startTeam(creator, { title: `并发 ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(TEAM_ACTIVE_LIMIT);
    expect(await t.app.db.select().from(teams).where(eq(teams.creatorId, creator.id))).toHaveLength(TEAM_ACTIVE_LIMIT);
  });
});

describe('respond-team', () => {
  it('joins: the member is counted, listed in joined-teams and team-members, and in the team chat', async () => {
    const [creator, rider] = await Promise.all([newPerson(t), newPerson(t)]);
    const teamId = await startTeam(creator);
    const card = await rider.api.call(respondTeam, { team_id: String(teamId), action: 'join' });
    expect(card).toMatchObject({ member_count: 2, my_role: 'member', joined: true, my_response: 'join' });

    expect(cardOf(await joinedTeamCards(rider), teamId)).toMatchObject({ my_role: 'member', member_count: 2 });
    expect(await joinedTeamCards(creator)).toEqual([]);
    expect(cardOf(await myTeamCards(creator), teamId)?.member_count).toBe(2);
    const { members } = await creator.api.call(teamMembers, { id: teamId });
    expect(members.map((m) => [m.uid, m.role, m.response])).toEqual([
      [creator.id, 'creator', 'join'],
      [rider.id, 'member', 'join'],
    ]);
    expect((await rider.api.call(groupChats, {})).items.map((c) => c.team_id)).toEqual([teamId]);

    // Joining again changes nothing.
    expect(await rider.api.call(respondTeam, { team_id: teamId, action: 'join' })).toMatchObject({ member_count: 2 });
  });

  it('on_way joins first when needed; cannot keeps a member in and lets anyone else decline without joining', async () => {
    const [creator, onWay, member, decliner] = await Promise.all([
      newPerson(t),
      newPerson(t),
      newPerson(t),
      newPerson(t),
    ]);
    const teamId = await startTeam(creator);
    expect(await onWay.api.call(respondTeam, { team_id: teamId, action: 'on_way' })).toMatchObject({
      joined: true,
      my_response: 'on_way',
      member_count: 2,
    });
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    expect(await member.api.call(respondTeam, { team_id: teamId, action: 'cannot' })).toMatchObject({
      joined: true,
      my_response: 'cannot',
      member_count: 3,
    });
    expect(await decliner.api.call(respondTeam, { team_id: teamId, action: 'cannot' })).toMatchObject({
      joined: false,
      my_role: 'none',
      my_response: 'cannot',
      member_count: 3,
    });

    expect(await decliner.api.call(teamResponses, { team_ids: `${teamId}` })).toEqual({
      items: [{ team_id: String(teamId), join: 1, on_way: 1, cannot: 2, member_count: 3, my_response: 'cannot' }],
    });
    expect(await decliner.api.call(teamResponseStatus, { team_id: teamId })).toEqual({
      team_id: String(teamId),
      status: 'active',
      my_role: 'none',
      joined: false,
      my_response: 'cannot',
    });
    const { members } = await creator.api.call(teamMembers, { id: teamId });
    expect(members.map((m) => [m.uid, m.response])).toEqual([
      [creator.id, 'join'],
      [onWay.id, 'on_way'],
      [member.id, 'cannot'],
    ]);
  });

  it('refuses the creator saying they cannot come, and bad input', async () => {
    const creator = await newPerson(t);
    const teamId = await startTeam(creator);
    await expectError(
      creator.api.call(respondTeam, { team_id: teamId, action: 'cannot' }),
      'TEAM_CREATOR_CANNOT_DECLINE',
    );
    expect(await creator.api.call(respondTeam, { team_id: teamId, action: 'on_way' })).toMatchObject({
      my_response: 'on_way',
    });
    await expectBadInput(creator.api.call(respondTeam, { team_id: teamId, action: 'maybe' as never }));
    await expectBadInput(creator.api.call(respondTeam, { team_id: '', action: 'join' }));
    await expectBadInput(creator.api.call(respondTeam, { team_id: 'abc', action: 'join' }));
    await expectError(creator.api.call(respondTeam, { team_id: 99_999_999, action: 'join' }), 'TEAM_NOT_FOUND');
  });

  it(`stops at ${TEAM_MAX_MEMBERS} members, also when many join at once`, async () => {
    const creator = await newPerson(t);
    const teamId = await startTeam(creator);
    await t.app.db
      .update(teams)
      .set({ memberCount: TEAM_MAX_MEMBERS - 2 })
      .where(eq(teams.id, teamId));
    const riders = await Promise.all(Array.from({ length: 4 }, () => newPerson(t)));
    const results = await Promise.allSettled(
      riders.map((rider) => rider.api.call(respondTeam, { team_id: teamId, action: 'join' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ message: expect.stringContaining('车队人数已满') });
    expect((await teamRow(teamId))?.memberCount).toBe(TEAM_MAX_MEMBERS);
    expect(await t.app.db.select().from(memberRows).where(eq(memberRows.teamId, teamId))).toHaveLength(3);
  });

  it('answers team-responses in the order asked, leaving out what the viewer may not see', async () => {
    const [viewer, a, b, blocker] = await Promise.all([newPerson(t), newPerson(t), newPerson(t), newPerson(t)]);
    const first = await startTeam(a);
    const second = await startTeam(b);
    const cancelled = await startTeam(b, { title: '取消的车队' });
    await b.api.call(cancelTeam, { team_id: cancelled });
    const hidden = await startTeam(blocker);
    await block(blocker, viewer);
    const { items } = await viewer.api.call(teamResponses, {
      team_ids: [second, 99_999_999, first, cancelled, hidden, second].join(','),
    });
    expect(items.map((item) => item.team_id)).toEqual([String(second), String(first)]);
    await expectBadInput(viewer.api.call(teamResponses, { team_ids: '' }));
    await expectBadInput(viewer.api.call(teamResponses, { team_ids: 'a,b' }));
    await expectBadInput(
      viewer.api.call(teamResponses, { team_ids: Array.from({ length: 51 }, (_, i) => i + 1).join(',') }),
    );
  });
});

describe('a team past its end, or cancelled, accepts nothing', () => {
  it('refuses joining, answering and cancelling an expired team; its members still read and leave it', async () => {
    const [creator, member, late] = await Promise.all([newPerson(t), newPerson(t), newPerson(t)]);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await expireTeam(t, teamId);

    await expectError(member.api.call(respondTeam, { team_id: teamId, action: 'on_way' }), 'TEAM_CLOSED');
    await expectError(creator.api.call(cancelTeam, { team_id: teamId }), 'TEAM_CLOSED');
    // Someone who is not a member no longer sees it at all.
    await expectError(late.api.call(respondTeam, { team_id: teamId, action: 'join' }), 'TEAM_NOT_FOUND');
    await expectError(late.api.call(teamMembers, { id: teamId }), 'TEAM_NOT_FOUND');

    expect((await member.api.call(teamMembers, { id: teamId })).team.status).toBe('expired');
    expect(cardOf(await myTeamCards(creator), teamId)?.status).toBe('expired');
    expect(await member.api.call(leaveTeam, { team_id: teamId })).toEqual({
      team_id: String(teamId),
      status: 'expired',
    });
    expect((await teamRow(teamId))?.memberCount).toBe(1);
  });

  it('cancel: creator only; the team reads 已取消 to its members and accepts nothing more', async () => {
    const [creator, member, stranger] = await Promise.all([newPerson(t), newPerson(t), newPerson(t)]);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });

    await expectError(member.api.call(cancelTeam, { team_id: teamId }), 'TEAM_NOT_CREATOR');
    await expectError(stranger.api.call(cancelTeam, { team_id: teamId }), 'TEAM_NOT_CREATOR');
    await expectError(stranger.api.call(disbandTeam, { team_id: teamId }), 'TEAM_NOT_CREATOR');
    expect((await teamRow(teamId))?.status).toBe('active');

    expect(await creator.api.call(cancelTeam, { team_id: String(teamId) })).toEqual({
      team_id: String(teamId),
      status: 'cancelled',
    });
    expect(cardOf(await joinedTeamCards(member), teamId)?.status).toBe('cancelled');
    expect(cardOf(await myTeamCards(creator), teamId)?.status).toBe('cancelled');
    await expectError(member.api.call(respondTeam, { team_id: teamId, action: 'cannot' }), 'TEAM_CLOSED');
    await expectError(stranger.api.call(respondTeam, { team_id: teamId, action: 'join' }), 'TEAM_NOT_FOUND');
    await expectError(creator.api.call(cancelTeam, { team_id: teamId }), 'TEAM_CLOSED');
    expect((await member.api.call(groupChats, {})).items.map((c) => c.team_id)).toEqual([teamId]);
  });

  it('disband: creator only; the team is gone from every list and chat list', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await expectError(member.api.call(disbandTeam, { team_id: teamId }), 'TEAM_NOT_CREATOR');

    await creator.api.call(cancelTeam, { team_id: teamId });
    expect(await creator.api.call(disbandTeam, { team_id: teamId })).toEqual({
      team_id: String(teamId),
      status: 'disbanded',
    });
    expect(cardOf(await myTeamCards(creator), teamId)).toBeUndefined();
    expect(await joinedTeamCards(member)).toEqual([]);
    for (const who of [creator, member]) {
      expect((await who.api.call(groupChats, {})).items).toEqual([]);
      await expectError(who.api.call(teamMembers, { id: teamId }), 'TEAM_NOT_FOUND');
      await expectError(who.api.call(teamResponseStatus, { team_id: teamId }), 'TEAM_NOT_FOUND');
    }
    await expectError(member.api.call(leaveTeam, { team_id: teamId }), 'TEAM_NOT_FOUND');
    await expectError(creator.api.call(disbandTeam, { team_id: teamId }), 'TEAM_NOT_FOUND');
  });
});

describe('leave-team', () => {
  it('takes a member out of the team, its answers and its chat; they may join again', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: teamId, action: 'on_way' });
    expect(await member.api.call(leaveTeam, { team_id: teamId })).toEqual({
      team_id: String(teamId),
      status: 'active',
    });

    expect(await joinedTeamCards(member)).toEqual([]);
    expect((await member.api.call(groupChats, {})).items).toEqual([]);
    expect(await member.api.call(teamResponseStatus, { team_id: teamId })).toMatchObject({
      joined: false,
      my_role: 'none',
      my_response: '',
    });
    expect((await creator.api.call(teamMembers, { id: teamId })).members.map((m) => m.uid)).toEqual([creator.id]);
    await expectError(member.api.call(leaveTeam, { team_id: teamId }), 'TEAM_NOT_JOINED');
    await expectError(creator.api.call(leaveTeam, { team_id: teamId }), 'TEAM_CREATOR_CANNOT_LEAVE');

    expect(await member.api.call(respondTeam, { team_id: teamId, action: 'join' })).toMatchObject({ member_count: 2 });
  });
});

describe('team-members/{id}', () => {
  it('reads the id from the path, and refuses one that is not an id', async () => {
    const creator = await newPerson(t);
    const teamId = await startTeam(creator);
    const path = teamMembers.path.replace(':id', String(teamId));
    expect(await creator.api.request('GET', path)).toMatchObject({ team: { team_id: String(teamId) } });
    await expectBadInput(creator.api.request('GET', teamMembers.path.replace(':id', 'abc')));
    await expectBadInput(creator.api.request('GET', teamMembers.path.replace(':id', '0')));
    const empty = await apiFailure(creator.api.request('GET', teamMembers.path.replace(':id', '')));
    expect(empty).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '参数错误：id 车队 ID 不能为空' });
  });
});

describe('blocks', () => {
  it('hides a team from someone blocked either way with its creator, and blocked members from the list', async () => {
    const [creator, blocked, blocker, member] = await Promise.all([
      newPerson(t),
      newPerson(t),
      newPerson(t),
      newPerson(t),
    ]);
    const teamId = await startTeam(creator);
    await block(creator, blocked);
    await block(blocker, creator);
    for (const who of [blocked, blocker]) {
      await expectError(who.api.call(teamMembers, { id: teamId }), 'TEAM_NOT_FOUND');
      await expectError(who.api.call(respondTeam, { team_id: teamId, action: 'join' }), 'TEAM_NOT_FOUND');
      expect((await who.api.call(teamResponses, { team_ids: String(teamId) })).items).toEqual([]);
    }
    await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await block(member, creator);
    // A member still sees their team; the creator they blocked is left out of its members.
    const { members } = await member.api.call(teamMembers, { id: teamId });
    expect(members.map((m) => m.uid)).toEqual([member.id]);
    expect((await creator.api.call(teamMembers, { id: teamId })).members.map((m) => m.uid)).toEqual([creator.id]);
  });
});

describe('deleted accounts', () => {
  it('takes the teams a deleted account started, and its place in the others', async () => {
    const [creator, member, other] = await Promise.all([newPerson(t), newPerson(t), newPerson(t)]);
    const own = await startTeam(creator);
    const joined = await startTeam(other);
    await member.api.call(respondTeam, { team_id: own, action: 'join' });
    await creator.api.call(respondTeam, { team_id: joined, action: 'join' });
    await creator.api.call(sendTeamChat, { team_id: joined, content: '我先走了' });
    await other.api.call(sendTeamChat, { team_id: joined, content: '好的' });

    await creator.api.call(deleteAccount, { confirm: '注销' });
    expect(await teamRow(own)).toBeUndefined();
    await expectError(member.api.call(teamMembers, { id: own }), 'TEAM_NOT_FOUND');
    expect(await joinedTeamCards(member)).toEqual([]);
    expect((await member.api.call(groupChats, {})).items).toEqual([]);
    expect((await teamRow(joined))?.memberCount).toBe(1);
    expect((await other.api.call(teamMembers, { id: joined })).members.map((m) => m.uid)).toEqual([other.id]);
    // What they said in the team's chat went with them.
    const { messages } = await other.api.call(teamChatHistory, { team_id: joined });
    expect(messages.map((m) => m.content)).toEqual(['好的']);
    expect((await other.api.call(groupChats, {})).items[0]?.last_message).toMatchObject({ preview: '好的' });
  });
});
