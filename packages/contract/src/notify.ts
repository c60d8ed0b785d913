import { z } from 'zod';
import { INTERACTION_ACTIONS, NOTIFY_CATEGORIES, SYSTEM_TYPES } from './chat-rules.ts';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { pageField, sizeField } from './schemas.ts';

export const NotifyActorSchema = z.object({ uid: z.number(), nickname: z.string(), avatar: z.string() });
export type NotifyActor = z.infer<typeof NotifyActorSchema>;

/**
 * One notification. Likes and follows of the same thing collapse while unread
 * ("张三等 5 人赞了你的帖子"): `actors` are the latest NOTIFY_ACTORS_SHOWN, `actor_count`
 * all of them. Comments, replies and mentions stay one each.
 */
export const NotificationSchema = z.object({
  id: z.number(),
  category: z.enum(NOTIFY_CATEGORIES),
  /** An interaction action, a system type, or a team notification's kind (TEAM_NOTIFY_ACTIONS). */
  action: z.string(),
  actors: z.array(NotifyActorSchema),
  actor_count: z.number(),
  /** The sentence shown, e.g. 张三等 5 人赞了你的帖子 (plain text). */
  text: z.string(),
  /** A system notice's title ('' for the others). */
  title: z.string(),
  /** The comment or reply text, the mention's sentence, or a notice's body (plain text). */
  content: z.string(),
  /** The post it is about (0 when none), and its first words. */
  post_id: z.number(),
  post_excerpt: z.string(),
  /** The comment it is about (0 when none). */
  comment_id: z.number(),
  /** Where tapping it leads: a path of this site ('' for none). */
  link: z.string(),
  is_read: z.boolean(),
  /** ISO 8601 of the latest action it gathers. */
  updated_at: z.string(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** Unread notifications, by list and (interactions) by action. */
export const NotifyUnreadSchema = z.object({
  interaction: z.number(),
  system: z.number(),
  team: z.number(),
  like: z.number(),
  comment: z.number(),
  reply: z.number(),
  follow: z.number(),
  mention: z.number(),
  total: z.number(),
});
export type NotifyUnread = z.infer<typeof NotifyUnreadSchema>;

const Page = { idx: pageField(), size: sizeField(PAGE_SIZE.posts) };
const NotificationPage = z.object({ items: z.array(NotificationSchema), hasMore: z.boolean() });

/** Interaction notifications, newest first; `action` narrows to one kind ('' or absent: all). */
export const notifyPager = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/notify/pager',
  query: z.object({
    action: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(INTERACTION_ACTIONS, { error: 'action 不正确' }).optional(),
    ),
    ...Page,
  }),
  data: NotificationPage,
  auth: 'user',
  summary: '互动通知',
});

/** System notices: announcements and moderation or report results; `type` narrows. */
export const notifySysPager = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/notify/sysPager',
  query: z.object({
    type: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(SYSTEM_TYPES, { error: 'type 不正确' }).optional(),
    ),
    ...Page,
  }),
  data: NotificationPage,
  auth: 'user',
  summary: '系统通知',
});

const UnifiedPage = NotificationPage.extend({ unread: NotifyUnreadSchema });

/** Every interaction notification with the unread counts of every list (the /notification page's first tab). */
export const notifyInteraction = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/notify-unified/interaction',
  query: z.object(Page),
  data: UnifiedPage,
  auth: 'user',
  summary: '互动通知（含未读数）',
});

/**
 * Team notifications (TEAM_NOTIFY_ACTIONS: a team started nearby, joins of one's team,
 * a team cancelled or disbanded), newest first, with the unread counts; their `title` is
 * the team's and `link` its page.
 */
export const notifyTeam = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/notify-unified/team',
  query: z.object(Page),
  data: UnifiedPage,
  auth: 'user',
  summary: '车队通知（含未读数）',
});
