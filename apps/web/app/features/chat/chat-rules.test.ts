import type { ChatMessage, Conversation } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, deliveryOf, mergeMessages, previewOf } from './chat-rules.ts';
import { clockTime, dayLabel, isSameChinaDay } from './chat-time.ts';

function message(id: number, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation_id: 7,
    talk_type: 1,
    msg_type: 1,
    sender_id: 2,
    receiver_id: 1,
    team_id: 0,
    content: `m${id}`,
    media_src: '',
    media: null,
    post_id: null,
    prd_id: null,
    post: null,
    product: null,
    team_invite: null,
    client_msg_id: '',
    created_at: '2026-05-03T06:00:00.000Z',
    ...patch,
  };
}

function conversation(id: number, receiverId: number, patch: Partial<Conversation> = {}): Conversation {
  return {
    id,
    talk_type: 1,
    receiver_id: receiverId,
    team_id: 0,
    title: `u${receiverId}`,
    avatar: '',
    is_vip: 0,
    last_message: null,
    unread: 0,
    updated_at: '2026-05-01T00:00:00.000Z',
    send_left: null,
    ...patch,
  };
}

describe('chat rules', () => {
  it('merges messages by id, in id order, with no duplicates', () => {
    const merged = mergeMessages([message(3), message(5)], [message(4), message(5, { content: 'new' }), message(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 3, 4, 5]);
    expect(merged.at(-1)?.content).toBe('new');
  });

  it('previews each kind of message as the list shows it', () => {
    expect(previewOf({ msg_type: 1, content: '你好' })).toBe('你好');
    expect(previewOf({ msg_type: 2, content: '' })).toBe('[图片]');
    expect(previewOf({ msg_type: 4, content: '' })).toBe('[帖子]');
    expect(previewOf({ msg_type: 5, content: '' })).toBe('[商品]');
    expect(previewOf({ msg_type: 6, content: '一起来' })).toBe('[车队邀请]');
  });

  it('moves a conversation to the top on a live message, counting it unread unless it is being read', () => {
    const list = [conversation(1, 10), conversation(7, 2, { unread: 1, send_left: 2 })];
    const moved = applyLiveMessage(list, message(9), { isOpenAndVisible: false, viewerId: 1 });
    expect(moved?.map((c) => c.id)).toEqual([7, 1]);
    expect(moved?.[0]?.unread).toBe(2);
    expect(moved?.[0]?.last_message?.preview).toBe('m9');
    expect(moved?.[0]?.send_left, 'a reply lifts the stranger limit').toBeNull();

    const read = applyLiveMessage(list, message(9), { isOpenAndVisible: true, viewerId: 1 });
    expect(read?.[0]?.unread).toBe(0);

    const own = applyLiveMessage(list, message(9, { sender_id: 1, receiver_id: 2 }), {
      isOpenAndVisible: false,
      viewerId: 1,
    });
    expect(own?.[0]?.unread, 'own messages are never unread').toBe(1);
    expect(own?.[0]?.send_left).toBe(2);

    expect(
      applyLiveMessage(list, message(9, { conversation_id: 99, sender_id: 55 }), {
        isOpenAndVisible: false,
        viewerId: 1,
      }),
    ).toBeNull();
  });

  it('moves a team chat by its conversation, never the private chat with the sender', () => {
    const list = [conversation(7, 2), conversation(30, 0, { talk_type: 2, team_id: 4, title: '周末跑山' })];
    const fromTeam = message(12, { conversation_id: 30, talk_type: 2, team_id: 4, receiver_id: 0 });
    const moved = applyLiveMessage(list, fromTeam, { isOpenAndVisible: false, viewerId: 1 });
    expect(moved?.map((c) => c.id)).toEqual([30, 7]);
    expect(moved?.[0]?.unread).toBe(1);
    expect(moved?.[1]?.unread, 'the private chat with the sender is untouched').toBe(0);
    // A team chat the list does not hold yet is fetched, not put on the sender's private chat.
    expect(applyLiveMessage([conversation(7, 2)], fromTeam, { isOpenAndVisible: false, viewerId: 1 })).toBeNull();
  });

  it('does not count the same message twice', () => {
    const list = [
      conversation(7, 2, {
        unread: 1,
        last_message: { id: 9, msg_type: 1, sender_id: 2, preview: 'x', created_at: '' },
      }),
    ];
    expect(applyLiveMessage(list, message(9), { isOpenAndVisible: false, viewerId: 1 })?.[0]?.unread).toBe(1);
  });

  it('labels days on the Beijing calendar', () => {
    // 2026-05-03 23:30 in Beijing is 15:30 UTC.
    const now = Date.parse('2026-05-03T15:30:00.000Z');
    expect(dayLabel('2026-05-03T00:10:00.000Z', now)).toBe('今天');
    // 2026-05-02 23:59 Beijing.
    expect(dayLabel('2026-05-02T15:59:00.000Z', now)).toBe('昨天');
    expect(dayLabel('2026-04-20T04:00:00.000Z', now)).toBe('4月20日');
    expect(dayLabel('2025-12-31T04:00:00.000Z', now)).toBe('2025年12月31日');
    expect(isSameChinaDay('2026-05-02T15:59:00.000Z', '2026-05-02T16:01:00.000Z')).toBe(false);
    expect(clockTime('2026-05-02T16:01:00.000Z')).toBe('00:01');
  });

  it('marks own messages read up to the other person’s read id', () => {
    expect(deliveryOf(5, 5)).toBe('read');
    expect(deliveryOf(6, 5)).toBe('sent');
  });
});
