// A team's chat through the API: members only, the private chat's message rules, pages,
// unread totals and lists, blocks inside a team, and the state of the team.
import {
  CHAT_TEXT_MAX_LENGTH,
  cancelTeam,
  createApiClient,
  disbandTeam,
  groupChats,
  leaveTeam,
  MSG_TYPE,
  markAsRead,
  messagesList,
  privateChats,
  respondTeam,
  STATUS,
  sendTeamChat,
  teamChatHistory,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createImageUpload } from '../../../test/factories/uploads.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { chatMessages } from '../chat/chat.tables.ts';
import { block, expectBadInput, expectError, newFriends, send } from '../chat/chat.test-helper.ts';
import { expireTeam, startTeam } from './teams.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type SendBody = z.input<NonNullable<(typeof sendTeamChat)['body']>>;

function say(who: Person, teamId: number | string, fields: Partial<SendBody> = {}) {
  return who.api.call(sendTeamChat, { team_id: teamId, content: '出发了吗', ...fields });
}

function history(who: Person, teamId: number | string, query: Record<string, unknown> = {}) {
  return who.api.call(teamChatHistory, { team_id: teamId, ...query });
}

/** A team of `creator` that `members` joined. */
async function teamWith(creator: Person, members: readonly Person[]): Promise<number> {
  const teamId = await startTeam(creator);
  for (const member of members) await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
  return teamId;
}

function storedFrom(senderId: number) {
  return t.app.db.select().from(chatMessages).where(eq(chatMessages.senderId, senderId));
}

describe('who may use a team chat', () => {
  it('lets a member send and every member read, answering {id, success}', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const teamId = await teamWith(creator, [member]);
    const answer = await say(member, String(teamId), { content: '我到停车场了' });
    expect(answer).toMatchObject({
      id: answer.message.id,
      success: true,
      message: {
        talk_type: 2,
        team_id: teamId,
        receiver_id: 0,
        sender_id: member.id,
        msg_type: MSG_TYPE.text,
        content: '我到停车场了',
        team_invite: null,
      },
    });
    for (const who of [creator, member]) {
      expect(await history(who, teamId)).toEqual({ messages: [answer.message], has_more: false });
    }
  });

  it('refuses non-members, members who left, anonymous callers and empty team ids, storing nothing', async () => {
    const [creator, member, stranger, blocked] = await Promise.all([
      newPerson(t),
      newPerson(t),
      newPerson(t),
      newPerson(t),
    ]);
    const teamId = await teamWith(creator, [member]);
    await say(creator, teamId);

    await expectError(say(stranger, teamId), 'TEAM_NOT_MEMBER');
    await expectError(history(stranger, teamId), 'TEAM_NOT_MEMBER');
    await member.api.call(leaveTeam, { team_id: teamId });
    await expectError(say(member, teamId), 'TEAM_NOT_MEMBER');
    await expectError(history(member, teamId), 'TEAM_NOT_MEMBER');
    await block(creator, blocked);
    await expectError(say(blocked, teamId), 'TEAM_NOT_FOUND');
    await expectError(history(blocked, teamId), 'TEAM_NOT_FOUND');
    await expectError(say(stranger, 99_999_999), 'TEAM_NOT_FOUND');

    const anonymous = createApiClient({
      baseUrl: '',
      signSecret: t.config.API_SIGN_SECRET,
      fetch: createInjectFetch(t.app),
    });
    for (const call of [
      () => anonymous.call(sendTeamChat, { team_id: teamId, content: '匿名' }),
      () => anonymous.call(teamChatHistory, { team_id: teamId }),
    ]) {
      expect((await apiFailure(call())).status).toBe(STATUS.NOT_LOGGED_IN);
    }
    for (const empty of ['', '   ']) {
      const error = await apiFailure(say(creator, empty));
      expect(error).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: expect.stringContaining('车队 ID 不能为空'),
      });
      await expectBadInput(history(creator, empty));
    }
    for (const who of [member, stranger, blocked]) expect(await storedFrom(who.id)).toEqual([]);
  });

  it('applies the private chat’s message rules and client_msg_id retries', async () => {
    const [creator, member, other] = await Promise.all([newPerson(t), newPerson(t), newPerson(t)]);
    const teamId = await teamWith(creator, [member]);
    await expectError(say(member, teamId, { content: '' }), 'CHAT_EMPTY');
    await expectError(say(member, teamId, { content: '有需要的加 微 信聊' }), 'CONTENT_PROHIBITED');
    await expectBadInput(say(member, teamId, { content: '字'.repeat(CHAT_TEXT_MAX_LENGTH + 1) }));
    await expectError(say(member, teamId, { msg_type: MSG_TYPE.team_invite }), 'CHAT_TYPE_UNSUPPORTED');
    const theirs = await createImageUpload(t.app.db, other.id);
    await expectError(say(member, teamId, { msg_type: MSG_TYPE.image, media_src: theirs.key }), 'CHAT_MEDIA_INVALID');
    expect(await storedFrom(member.id)).toEqual([]);

    const post = await createPost(t.app.db, { userId: other.id });
    const card = await say(member, teamId, { msg_type: MSG_TYPE.post, post_id: post.id, content: '' });
    expect(card.message.post).toMatchObject({ pid: post.id, live: true });

    const first = await say(member, teamId, { content: '收到', client_msg_id: 'team-retry-1' });
    const again = await say(member, teamId, { content: '收到', client_msg_id: 'team-retry-1' });
    expect(again).toEqual(first);
    await expectError(say(member, teamId, { content: '别的', client_msg_id: 'team-retry-1' }), 'CHAT_CLIENT_ID_REUSED');
    // The same id in a private chat is another message.
    await expectError(
      send(member.api, creator.id, { content: '收到', client_msg_id: 'team-retry-1' }),
      'CHAT_CLIENT_ID_REUSED',
    );
    expect(await storedFrom(member.id)).toHaveLength(2);
  });
});

describe('a team chat and the team’s state', () => {
  it('takes no message once the team expired or was cancelled; its members still read it', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const expired = await teamWith(creator, [member]);
    await say(member, expired, { content: '过期前' });
    await expireTeam(t, expired);
    await expectError(say(member, expired), 'TEAM_CLOSED');
    await expectError(say(creator, expired), 'TEAM_CLOSED');
    expect((await history(member, expired)).messages.map((m) => m.content)).toEqual(['过期前']);

    const cancelled = await teamWith(creator, [member]);
    await say(creator, cancelled, { content: '取消前' });
    await creator.api.call(cancelTeam, { team_id: cancelled });
    await expectError(say(member, cancelled), 'TEAM_CLOSED');
    expect((await history(member, cancelled)).messages.map((m) => m.content)).toEqual(['取消前']);
  });

  it('deletes the chat and its messages when the team is disbanded', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const teamId = await teamWith(creator, [member]);
    await say(member, teamId, { content: '解散前' });
    await creator.api.call(disbandTeam, { team_id: teamId });
    await expectError(history(member, teamId), 'TEAM_NOT_FOUND');
    await expectError(say(member, teamId), 'TEAM_NOT_FOUND');
    expect(await storedFrom(member.id)).toEqual([]);
    expect((await member.api.call(groupChats, {})).items).toEqual([]);
  });
});

describe('team-chat-history', () => {
  it('pages back from the newest by page and size, and catches up after since_id within limit', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const teamId = await teamWith(creator, [member]);
    const ids: number[] = [];
    for (const word of ['一', '二', '三', '四', '五']) ids.push((await say(member, teamId, { content: word })).id);
    const contents = async (query: Record<string, unknown>) => {
      const page = await history(creator, teamId, query);
      return [page.messages.map((m) => m.content).join(''), page.has_more];
    };
    expect(await contents({})).toEqual(['一二三四五', false]);
    expect(await contents({ page: 1, size: 2 })).toEqual(['四五', true]);
    expect(await contents({ page: 2, size: 2 })).toEqual(['二三', true]);
    expect(await contents({ page: 3, size: 2 })).toEqual(['一', false]);
    expect(await contents({ since_id: ids[0], limit: 2 })).toEqual(['二三', true]);
    expect(await contents({ since_id: ids[2] })).toEqual(['四五', false]);
    expect(await contents({ since_id: ids[4] })).toEqual(['', false]);
  });
});

describe('unread, lists and mark-as-read', () => {
  it('counts a team chat’s unread in the totals, lists it in group-chats and messages/list, and marks it read', async () => {
    const [creator, member] = await Promise.all([newPerson(t), newPerson(t)]);
    const [friend] = await newFriends(t);
    const teamId = await teamWith(creator, [member]);
    await send(friend.api, creator.id, { content: '私聊一句' });
    await say(member, teamId, { content: '第一条' });
    await say(member, teamId, { content: '第二条' });

    const groups = await creator.api.call(groupChats, {});
    expect(groups.unread_total).toBe(3);
    expect(groups.items).toEqual([
      expect.objectContaining({
        talk_type: 2,
        team_id: teamId,
        title: '周末自驾去千岛湖',
        unread: 2,
        send_left: null,
        last_message: expect.objectContaining({ preview: `${member.nickname}：第二条`, sender_id: member.id }),
      }),
    ]);
    const all = await creator.api.call(messagesList, {});
    expect(all.items.map((c) => c.talk_type)).toEqual([2, 1]);
    expect((await creator.api.call(privateChats, {})).items.map((c) => c.talk_type)).toEqual([1]);
    // The sender's own line reads without their name, and counts nothing for them.
    const mine = await member.api.call(groupChats, {});
    expect(mine.items[0]).toMatchObject({ unread: 0, last_message: expect.objectContaining({ preview: '第二条' }) });

    expect(await creator.api.call(markAsRead, { message_type: 'group', id: teamId })).toEqual({ unread: 0 });
    expect((await creator.api.call(groupChats, {})).unread_total).toBe(1);
    const stranger = await newPerson(t);
    await expectError(
      stranger.api.call(markAsRead, { message_type: 'group', id: teamId }),
      'CHAT_CONVERSATION_NOT_FOUND',
    );
  });

  it('hides messages between members blocked either way: not shown, not counted, not the last line', async () => {
    const [creator, a, b] = await Promise.all([newPerson(t), newPerson(t), newPerson(t)]);
    const teamId = await teamWith(creator, [a, b]);
    await say(a, teamId, { content: 'a 说' });
    await block(a, b);
    await say(b, teamId, { content: 'b 说' });

    expect((await history(a, teamId)).messages.map((m) => m.content)).toEqual(['a 说']);
    expect((await history(creator, teamId)).messages.map((m) => m.content)).toEqual(['a 说', 'b 说']);
    const seenByA = await a.api.call(groupChats, {});
    expect(seenByA.items[0]).toMatchObject({ unread: 0, last_message: expect.objectContaining({ preview: 'a 说' }) });
    expect((await creator.api.call(groupChats, {})).items[0]?.unread).toBe(2);
    expect(await a.api.call(markAsRead, { message_type: 'group', id: teamId })).toEqual({ unread: 0 });
  });
});
