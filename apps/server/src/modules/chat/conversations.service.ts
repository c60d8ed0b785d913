import { AppError, type Conversation, MSG_TYPE, STRANGER_MESSAGE_LIMIT, TALK_TYPE } from '@evcircle/contract';
import { and, desc, eq, isNotNull, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { lockLiveUsers, users, vipFlag } from '../accounts/index.ts';
import { blockedEitherWayIdsOf, followersAmong, isBlockedEitherWay } from '../relations/index.ts';
import { chatMessages, conversationMembers, conversations } from './chat.tables.ts';
import { pairOf, peerIdSql } from './pair.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;

/** The private conversation of two people, or null when they have none (one query on conversations_pair_uq). */
export async function findPrivateConversation(db: Db, a: number, b: number): Promise<ConversationRow | null> {
  const { userLow, userHigh } = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.talkType, TALK_TYPE.private),
        eq(conversations.userLow, userLow),
        eq(conversations.userHigh, userHigh),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Inside a transaction: the private conversation of `a` and `b`, created with its two
 * member rows when missing. Two callers at once cannot make two: the insert does nothing
 * on conversations_pair_uq (the second waits for the first to commit), and the read that
 * follows sees the row the first one made.
 */
export async function ensurePrivateConversation(tx: Db, a: number, b: number): Promise<ConversationRow> {
  const pair = pairOf(a, b);
  const [created] = await tx
    .insert(conversations)
    .values({ talkType: TALK_TYPE.private, ...pair })
    .onConflictDoNothing()
    .returning();
  if (created) {
    await tx.insert(conversationMembers).values([
      { conversationId: created.id, userId: pair.userLow },
      { conversationId: created.id, userId: pair.userHigh },
    ]);
    return created;
  }
  const existing = await findPrivateConversation(tx, a, b);
  if (!existing) throw new Error(`the conversation of ${a} and ${b} was neither created nor found`);
  return existing;
}

/**
 * Inside a transaction: locks both people's rows FOR KEY SHARE (so neither account's
 * deletion commits beside this write: see lockLiveUsers) and refuses what two people may
 * not do together: CHAT_SELF, CHAT_USER_NOT_FOUND for a receiver who does not exist or
 * deleted the account (NOT_LOGGED_IN for a sender who did), CHAT_BLOCKED for a block in
 * either direction.
 */
export async function lockPairForWrite(tx: Db, senderId: number, receiverId: number): Promise<void> {
  if (senderId === receiverId) throw new AppError('CHAT_SELF');
  const live = await lockLiveUsers(tx, [senderId, receiverId]);
  if (!live.has(senderId)) throw new AppError('NOT_LOGGED_IN');
  if (!live.has(receiverId)) throw new AppError('CHAT_USER_NOT_FOUND');
  if (await isBlockedEitherWay(tx, senderId, receiverId)) throw new AppError('CHAT_BLOCKED');
}

/**
 * creat-sessions: the conversation of the viewer with `receiverId`, opened (one per pair,
 * however often and however concurrently called) when they have none.
 */
export async function openPrivateConversation(db: Db, viewerId: number, receiverId: number): Promise<Conversation> {
  const conversationId = await transaction(db, async (tx) => {
    await lockPairForWrite(tx, viewerId, receiverId);
    return (await ensurePrivateConversation(tx, viewerId, receiverId)).id;
  });
  const [conversation] = await conversationViews(db, viewerId, eq(conversations.id, conversationId), {
    size: 1,
    offset: 0,
  });
  if (!conversation) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
  return conversation;
}

/**
 * The viewer's conversations a list shows: their team chats (from joining on), and their
 * private ones with at least one message (one just opened waits until something is
 * said) whose other person is not blocked either way.
 */
function listedBy(viewerId: number): SQL {
  return and(
    eq(conversationMembers.userId, viewerId),
    or(
      eq(conversations.talkType, TALK_TYPE.group),
      and(
        isNotNull(conversations.lastMessageId),
        sql`${peerIdSql(viewerId)} not in ${blockedEitherWayIdsOf(viewerId)}`,
      ),
    ),
  ) as SQL;
}

/** Which conversations a list shows: messages/list all, private-chats and group-chats one kind. */
export type ConversationKind = 'all' | 'private' | 'group';

const KIND_FILTERS: Record<ConversationKind, SQL | undefined> = {
  all: undefined,
  private: eq(conversations.talkType, TALK_TYPE.private),
  group: eq(conversations.talkType, TALK_TYPE.group),
};

/**
 * One page of the viewer's conversations of `kind`, the latest message first (the
 * member's lastMessageAt, then the conversation id: conversation_members_user_idx), and
 * the viewer's unread total over every listed conversation (both kinds).
 */
export async function listConversations(
  db: Db,
  viewerId: number,
  kind: ConversationKind,
  paging: { page: number; size: number },
): Promise<{ items: Conversation[]; hasMore: boolean; unread_total: number }> {
  const [rows, unreadTotal] = await Promise.all([
    conversationViews(db, viewerId, and(listedBy(viewerId), KIND_FILTERS[kind]) as SQL, {
      size: paging.size + 1,
      offset: (paging.page - 1) * paging.size,
    }),
    countUnread(db, viewerId),
  ]);
  return { items: rows.slice(0, paging.size), hasMore: rows.length > paging.size, unread_total: unreadTotal };
}

/** Unread messages over the viewer's listed conversations, private and team (what the badge and chat:unread show). */
export async function countUnread(db: Db, viewerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${conversationMembers.unread}), 0)` })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(listedBy(viewerId), sql`${conversationMembers.unread} > 0`));
  return Number(row?.total ?? 0);
}

const PREVIEW_LENGTH = 100;
const PREVIEW_LABELS: Record<number, string> = {
  [MSG_TYPE.image]: '[图片]',
  [MSG_TYPE.video]: '[视频]',
  [MSG_TYPE.post]: '[帖子]',
  [MSG_TYPE.product]: '[商品]',
  [MSG_TYPE.team_invite]: '[车队邀请]',
};

/** What a list shows of a message: its text (shortened), or the label of its kind. */
export function previewOf(message: { msgType: number; content: string }): string {
  return PREVIEW_LABELS[message.msgType] ?? Array.from(message.content).slice(0, PREVIEW_LENGTH).join('');
}

/**
 * How many more messages `senderId` may send before the other person replies or follows
 * back (the stranger rule, 0014-chat.md); null once there is no limit.
 */
export function sendLeft(state: { sentCount: number; peerHasSent: boolean; peerFollows: boolean }): number | null {
  if (state.peerHasSent || state.peerFollows) return null;
  return Math.max(0, STRANGER_MESSAGE_LIMIT - state.sentCount);
}

/**
 * The viewer's conversations matching `where`, as Conversations, latest message first.
 * A private one shows the other person (live: a deleted account's conversations are
 * gone anyway); a team one its title. The last message is the newest the viewer may see:
 * in a team chat, messages of people blocked either way are left out (a lateral probe of
 * chat_messages_conversation_idx per row).
 */
async function conversationViews(
  db: Db,
  viewerId: number,
  where: SQL,
  window: { size: number; offset: number },
): Promise<Conversation[]> {
  const peerMember = alias(conversationMembers, 'peer_member');
  const lastSender = alias(users, 'last_sender');
  const last = db
    .select({
      id: chatMessages.id,
      msgType: chatMessages.msgType,
      senderId: chatMessages.senderId,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversations.id),
        or(
          eq(conversations.talkType, TALK_TYPE.private),
          notInArray(chatMessages.senderId, blockedEitherWayIdsOf(viewerId)),
        ),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(1)
    .as('last_message');
  const rows = await db
    .select({
      id: conversations.id,
      talkType: conversations.talkType,
      teamId: conversations.teamId,
      teamTitle: conversations.title,
      unread: conversationMembers.unread,
      sentCount: conversationMembers.sentCount,
      updatedAt: conversationMembers.lastMessageAt,
      peerId: users.id,
      peerName: users.nickname,
      peerAvatar: users.avatar,
      peerVip: vipFlag(),
      peerSent: peerMember.sentCount,
      lastId: last.id,
      lastType: last.msgType,
      lastSender: last.senderId,
      lastSenderName: lastSender.nickname,
      lastContent: last.content,
      lastAt: last.createdAt,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .leftJoin(users, and(eq(users.id, peerIdSql(viewerId)), isNull(users.deletedAt)))
    .leftJoin(peerMember, and(eq(peerMember.conversationId, conversations.id), eq(peerMember.userId, users.id)))
    .leftJoinLateral(last, sql`true`)
    .leftJoin(lastSender, eq(lastSender.id, last.senderId))
    .where(
      and(
        where,
        eq(conversationMembers.userId, viewerId),
        or(eq(conversations.talkType, TALK_TYPE.group), isNotNull(users.id)),
      ),
    )
    .orderBy(desc(conversationMembers.lastMessageAt), desc(conversationMembers.conversationId))
    .limit(window.size)
    .offset(window.offset);

  const followers = await followersAmong(
    db,
    viewerId,
    rows.flatMap((row) => (row.peerId === null ? [] : [row.peerId])),
  );
  return rows.map((row) => {
    const isTeam = row.talkType === TALK_TYPE.group;
    const preview = row.lastType === null ? '' : previewOf({ msgType: row.lastType, content: row.lastContent ?? '' });
    return {
      id: row.id,
      talk_type: row.talkType,
      receiver_id: isTeam ? 0 : (row.peerId ?? 0),
      team_id: isTeam ? (row.teamId ?? 0) : 0,
      title: isTeam ? row.teamTitle : (row.peerName ?? ''),
      avatar: isTeam ? '' : (row.peerAvatar ?? ''),
      is_vip: isTeam ? 0 : (row.peerVip ?? 0),
      last_message:
        row.lastId === null || row.lastType === null || row.lastSender === null || row.lastAt === null
          ? null
          : {
              id: row.lastId,
              msg_type: row.lastType,
              sender_id: row.lastSender,
              preview: isTeam && row.lastSender !== viewerId ? `${row.lastSenderName ?? ''}：${preview}` : preview,
              created_at: row.lastAt.toISOString(),
            },
      unread: row.unread,
      updated_at: row.updatedAt.toISOString(),
      send_left:
        isTeam || row.peerId === null
          ? null
          : sendLeft({
              sentCount: row.sentCount,
              peerHasSent: (row.peerSent ?? 0) > 0,
              peerFollows: followers.has(row.peerId),
            }),
    };
  });
}

/** A team's chat, or null when it has none (conversations_team_uq). */
export async function findTeamConversation(db: Db, teamId: number): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.talkType, TALK_TYPE.group)))
    .limit(1);
  return row ?? null;
}
