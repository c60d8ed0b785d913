import { z } from 'zod';
import {
  CHAT_TEXT_MAX_LENGTH,
  FRIEND_TYPES,
  MSG_TYPE,
  READ_TARGETS,
  STRANGER_MESSAGE_LIMIT,
  TALK_TYPE,
  TEAM_INVITE_STATUSES,
} from './chat-rules.ts';
import { PAGE_SIZE, SEARCH_WORD_MAX_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { UserCardSchema } from './entities/user.ts';
import { ClientMsgIdField, IdSchema, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

/** A shared post as a chat card; `live` false once the post is deleted (the card says so). */
export const ChatPostCardSchema = z.object({
  pid: z.number(),
  /** The first words of the post (plain text). */
  excerpt: z.string(),
  /** The first image or the video's cover; '' when the post has neither. */
  cover: z.string(),
  author: z.string(),
  live: z.boolean(),
});
export type ChatPostCard = z.infer<typeof ChatPostCardSchema>;

/** A shared product as a chat card; `on_sale` false once it is taken off sale. */
export const ChatProductCardSchema = z.object({
  pid: z.number(),
  title: z.string(),
  cover: z.string(),
  /** Yuan with two decimals, the product's lowest current price. */
  price: z.string(),
  on_sale: z.boolean(),
});
export type ChatProductCard = z.infer<typeof ChatProductCardSchema>;

/**
 * An image or video message's media, as the upload record says: `src` and `cover` are
 * storage keys, shown like post images (the image base address before a relative key).
 */
export const ChatMediaSchema = z.object({
  src: z.string(),
  width: z.number(),
  height: z.number(),
  /** A video's poster ('' for images). */
  cover: z.string(),
  /** A video's length in ms (0 for images). */
  duration_ms: z.number(),
});
export type ChatMedia = z.infer<typeof ChatMediaSchema>;

/**
 * A team invitation (msg_type 6) as its card: the team as it was when invited (ids as
 * text, SPEC.md §5), and the invitation's state now. Only the invitee accepts or rejects,
 * once; a pending card reads `closed` once the team has expired.
 */
export const TeamInviteCardSchema = z.object({
  team_id: z.string(),
  title: z.string(),
  /** ISO 8601: the team's end. */
  expires_at: z.string(),
  status: z.enum(TEAM_INVITE_STATUSES),
});
export type TeamInviteCard = z.infer<typeof TeamInviteCardSchema>;

/** A stored message (SPEC.md §3 "Chat message"). */
export const ChatMessageSchema = z.object({
  id: z.number(),
  conversation_id: z.number(),
  talk_type: z.number(),
  msg_type: z.number(),
  sender_id: z.number(),
  /** Private chats: the other person of the conversation (for the sender, whom it went to); 0 in team chats. */
  receiver_id: z.number(),
  /** Team chats: the team; 0 in private chats. */
  team_id: z.number(),
  content: z.string(),
  /** An image or video message's storage key ('' for the others). */
  media_src: z.string(),
  media: ChatMediaSchema.nullable(),
  post_id: z.number().nullable(),
  prd_id: z.number().nullable(),
  post: ChatPostCardSchema.nullable(),
  product: ChatProductCardSchema.nullable(),
  /** A team invitation's card (msg_type 6); null for the others. */
  team_invite: TeamInviteCardSchema.nullable(),
  /** The sender's id for this message, when it sent one ('' otherwise). */
  client_msg_id: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The newest message of a conversation, as lists show it. */
export const ChatLastMessageSchema = z.object({
  id: z.number(),
  msg_type: z.number(),
  sender_id: z.number(),
  /**
   * Text, or [图片] / [视频] / [帖子] / [商品] / [车队邀请] for the others; in team chats
   * after the sender's nickname ("张三：到了吗").
   */
  preview: z.string(),
  created_at: z.string(),
});

/** A conversation of the viewer, as the lists and creat-sessions answer it. */
export const ConversationSchema = z.object({
  /** The conversation's id. */
  id: z.number(),
  talk_type: z.number(),
  /** Private chats: the other person; 0 for team chats. */
  receiver_id: z.number(),
  /** Team chats: the team; 0 for private chats. */
  team_id: z.number(),
  /** The other person's nickname, or the team's title. */
  title: z.string(),
  avatar: z.string(),
  is_vip: z.number(),
  last_message: ChatLastMessageSchema.nullable(),
  /** Messages to the viewer not yet read. */
  unread: z.number(),
  /** ISO 8601 of the last message, or of the conversation's creation. */
  updated_at: z.string(),
  /**
   * Private chats: how many more messages the viewer may send before the other person
   * replies or follows back (STRANGER_MESSAGE_LIMIT); null when there is no limit (and in
   * team chats).
   */
  send_left: z.number().nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

const ConversationPage = z.object({
  items: z.array(ConversationSchema),
  hasMore: z.boolean(),
  /** Unread messages over all the viewer's conversations. */
  unread_total: z.number(),
});

/** Opens (or finds) the private conversation with `receiver_id`: one per pair, however often called. */
export const chatCreateSession = defineEndpoint({
  method: 'POST',
  path: '/api/v1/msg/chat/creat-sessions',
  body: z.object({ receiver_id: IdSchema }),
  data: ConversationSchema,
  auth: 'user',
  access: { rule: 'person' },
  summary: '创建（或打开）私聊会话',
});

const OptionalRef = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  IdSchema.optional(),
);

/**
 * What a message holds, private or team (send-team-chat in teams.ts sends the same):
 * its type, text, media, post or product card, and the client's id that makes a retry
 * store one message.
 */
export const MessageFields = {
  msg_type: z.coerce.number({ error: 'msg_type 须为数字' }).int().default(MSG_TYPE.text),
  content: z
    .string({ error: '消息须为文本' })
    .trim()
    .max(CHAT_TEXT_MAX_LENGTH, { error: `消息不能超过 ${CHAT_TEXT_MAX_LENGTH} 个字` })
    .default(''),
  media_src: z.string({ error: 'media_src 须为文本' }).trim().max(500, { error: 'media_src 过长' }).default(''),
  post_id: OptionalRef,
  prd_id: OptionalRef,
  client_msg_id: ClientMsgIdField,
};

/** Sends of a person, private and team chats counted together: a burst, and an hour. */
export const CHAT_SEND_RATE_LIMIT = {
  by: 'user',
  bucket: 'chat-send',
  windows: [
    { limit: 20, windowSeconds: 10 },
    { limit: 600, windowSeconds: 3600 },
  ],
} as const;

/**
 * Sends a private message (talk_type 1: team chats are send-team-chat in teams.ts, and
 * talk_type 2 here is CHAT_TYPE_UNSUPPORTED). Each msg_type needs its own fields: text
 * `content`; image and video an uploaded file of the sender's in `media_src`; a post
 * `post_id`; a product `prd_id` (an optional `content` accompanies cards); invitations
 * (6) only come from send-team-invitation. `client_msg_id` makes a retry store one
 * message: the same id again answers the stored message.
 */
export const chatSend = defineEndpoint({
  method: 'POST',
  path: '/api/v1/msg/chat/send',
  body: z.object({
    receiver_id: IdSchema,
    talk_type: z.coerce.number({ error: 'talk_type 须为数字' }).int().default(TALK_TYPE.private),
    ...MessageFields,
  }),
  data: ChatMessageSchema,
  auth: 'user',
  access: { rule: 'person' },
  rateLimit: CHAT_SEND_RATE_LIMIT,
  summary: '发送私信',
});

/**
 * A page of the private conversation with `receiver_id`, in time order (oldest first).
 * Without a cursor: the newest `size` messages, `has_more` = older ones exist.
 * `before_id`: the `size` messages just before it (scrolling up), `has_more` likewise.
 * `since_id`: the messages after it, oldest first (catching up after a reconnect),
 * `has_more` = more new ones follow. Ids only grow, so pages stay stable while messages arrive.
 * `peer_read_id`: the newest message id the other person has read (the sender's "已读").
 */
export const chatHistory = defineEndpoint({
  method: 'GET',
  path: '/api/v1/msg/chat/history-list',
  query: z
    .object({
      receiver_id: IdSchema,
      since_id: z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional()),
      before_id: z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional()),
      size: sizeField(PAGE_SIZE.chats),
    })
    .refine((q) => q.since_id === undefined || q.before_id === undefined, {
      error: 'since_id 与 before_id 只能提供一个',
    }),
  data: z.object({ messages: z.array(ChatMessageSchema), has_more: z.boolean(), peer_read_id: z.number() }),
  auth: 'user',
  access: { rule: 'person' },
  summary: '私聊历史消息',
});

const ListQuery = z.object({ idx: pageField(), size: sizeField(PAGE_SIZE.chats) });

/**
 * Every conversation of the viewer (private and team), the latest message first. A team
 * chat is listed from the moment the viewer joins the team (a private one once something
 * is said), until they leave or the team is disbanded.
 */
export const messagesList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/messages/list',
  query: ListQuery,
  data: ConversationPage,
  auth: 'user',
  summary: '全部会话',
});

export const privateChats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/messages/private-chats',
  query: ListQuery,
  data: ConversationPage,
  auth: 'user',
  summary: '私聊会话',
});

/** The viewer's team chats (talk_type 2), the latest message first; `unread_total` is over every conversation. */
export const groupChats = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/messages/group-chats',
  query: ListQuery,
  data: ConversationPage,
  auth: 'user',
  summary: '群聊会话',
});

const FriendType = z.enum(FRIEND_TYPES, { error: 'type 须为 mutual、following 或 followers' }).default('mutual');
const FriendWord = z
  .string({ error: '搜索词须为文本' })
  .trim()
  .max(SEARCH_WORD_MAX_LENGTH, { error: `搜索词不能超过 ${SEARCH_WORD_MAX_LENGTH} 个字` });

const FriendPage = z.object({ items: z.array(UserCardSchema), hasMore: z.boolean() });

/** People to message: the viewer's mutual follows (or following / followers), newest relation first; `word` narrows by nickname. */
export const chatFriends = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/messages/friends',
  query: z.object({
    type: FriendType,
    idx: pageField(),
    size: sizeField(PAGE_SIZE.chats),
    word: FriendWord.default(''),
  }),
  data: FriendPage,
  auth: 'user',
  summary: '好友列表',
});

/** Friends (by `type`) whose nickname contains `search`. */
export const searchFriends = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/messages/search-friends',
  query: z.object({
    search: FriendWord.min(1, { error: '请输入搜索词' }),
    type: FriendType,
    idx: pageField(),
    size: sizeField(PAGE_SIZE.chats),
  }),
  data: FriendPage,
  auth: 'user',
  summary: '搜索好友',
});

/**
 * Marks as read, on every device of the viewer:
 * - private: the conversation with `receiver_id`, up to message `id` (all when left out);
 * - group: the team chat of team `id` (a member's; CHAT_CONVERSATION_NOT_FOUND otherwise);
 * - interaction / system / team: the notification `id`, or the whole list when left out.
 * Answers what stays unread there.
 */
export const markAsRead = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/messages/mark-as-read',
  body: z
    .object({
      message_type: z.enum(READ_TARGETS, { error: 'message_type 不正确' }),
      id: OptionalRef,
      receiver_id: OptionalRef,
    })
    .refine((b) => b.message_type !== 'private' || b.receiver_id !== undefined, {
      error: '私聊须提供 receiver_id',
    })
    .refine((b) => b.message_type !== 'group' || b.id !== undefined, { error: '群聊须提供 id' }),
  data: z.object({ unread: z.number() }),
  auth: 'user',
  access: { rule: 'member', others: 'NOT_FOUND' },
  summary: '标记已读',
});

export const chatErrors = defineErrors({
  /** Messaging oneself. */
  CHAT_SELF: { status: STATUS.VALIDATION_FAILED, message: '不能给自己发消息' },
  /** The receiver does not exist or deleted their account. */
  CHAT_USER_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '用户不存在或已注销' },
  /** A block in either direction. */
  CHAT_BLOCKED: { status: STATUS.FORBIDDEN, message: '由于对方的隐私设置，无法发送消息' },
  /** STRANGER_MESSAGE_LIMIT reached. */
  CHAT_STRANGER_LIMIT: {
    status: STATUS.FORBIDDEN,
    message: `对方回复或关注你之前，最多只能发送 ${STRANGER_MESSAGE_LIMIT} 条消息`,
  },
  /** talk_type or msg_type outside the lists. */
  CHAT_TYPE_UNSUPPORTED: { status: STATUS.VALIDATION_FAILED, message: '不支持的消息类型' },
  /** A text message with no text; a card without its id; media without media_src. */
  CHAT_EMPTY: { status: STATUS.VALIDATION_FAILED, message: '消息内容不能为空' },
  /** media_src that is not an upload of the sender's of the right kind. */
  CHAT_MEDIA_INVALID: { status: STATUS.VALIDATION_FAILED, message: '图片或视频无效，请重新上传' },
  CHAT_POST_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '帖子不存在或已删除' },
  CHAT_PRODUCT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '商品不存在或已下架' },
  /** A team chat of a team the viewer is not a member of, or no conversation with that person. */
  CHAT_CONVERSATION_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '会话不存在' },
  /** The same client_msg_id reused for a different message. */
  CHAT_CLIENT_ID_REUSED: { status: STATUS.CONFLICT, message: '消息编号已被使用' },
});
