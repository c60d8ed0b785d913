import { z } from 'zod';
import { CHAT_SEND_RATE_LIMIT, ChatMessageSchema, MessageFields } from './chat.ts';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { BOTH_OR_NEITHER, bothOrNeither, RadarLimitField, radiusKmField, ViewerPointFields } from './nearby.ts';
import { NEARBY_PEOPLE_RADIUS_KM, NEARBY_PLACES_RADIUS_KM } from './nearby-rules.ts';
import { coordinateField, flagField, IdSchema, idListText, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';
import {
  TEAM_ACTIONS,
  TEAM_ACTIVE_LIMIT,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_EXPIRES_DEFAULT_MINUTES,
  TEAM_EXPIRES_MAX_MINUTES,
  TEAM_EXPIRES_MIN_MINUTES,
  TEAM_INVITE_MAX_RECEIVERS,
  TEAM_MAX_MEMBERS,
  TEAM_NOTIFY_RADIUS_DEFAULT_KM,
  TEAM_NOTIFY_RADIUS_MAX_KM,
  TEAM_NOTIFY_RADIUS_MIN_KM,
  TEAM_RESPONSE_IDS_MAX,
  TEAM_ROLES,
  TEAM_STATUSES,
  TEAM_TITLE_MAX_LENGTH,
} from './team-rules.ts';

// Teams, their responses, team chat and invitations (SPEC.md §7 "Nearby and teams", prefix
// /api/v1/ai/nearby; the invitations under /api/v1/ai/messages). The rules are
// docs/decisions/0017-teams.md: no answer carries a team's or a person's coordinates, only
// distance buckets from the viewer (nearby-rules.ts distanceBucket); team ids are text in
// answers (SPEC.md §5).

const PREFIX = '/api/v1/ai/nearby';

/**
 * A team id as the client sends it: text (SPEC.md §5 converts team ids to text) or a
 * number; an empty one is refused with a clear message.
 */
export const TeamIdSchema = z
  .union([z.string(), z.number()], { error: '请提供车队 ID' })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: '车队 ID 不能为空', abort: true })
      .regex(/^[1-9]\d{0,14}$/, { error: '车队 ID 不正确' })
      .transform(Number),
  );

/** A number field that may be left out ('' or absent → `fallback`). */
function numberOr(fallback: number, schema: z.ZodType<number, unknown>) {
  return z.preprocess((value) => (value === null || value === '' ? fallback : value), schema).default(fallback);
}

/** Who started a team. */
export const TeamCreatorSchema = z.object({ uid: z.number(), nickname: z.string(), avatar: z.string() });

/**
 * A team as every list and answer shows it (SPEC.md §3 "Team"). Never its coordinates:
 * `distance` is the bucket (metres, nearby-rules.ts distanceBucket) from the viewer's
 * point when the call measured one, null otherwise.
 */
export const TeamCardSchema = z.object({
  team_id: z.string(),
  title: z.string(),
  description: z.string(),
  creator: TeamCreatorSchema,
  member_count: z.number(),
  status: z.enum(TEAM_STATUSES),
  /** ISO 8601. */
  expires_at: z.string(),
  created_at: z.string(),
  /** km: people within it were told of the team when push_notify was 1. */
  notify_radius: z.number(),
  push_notify: z.number(),
  distance: z.number().nullable(),
  /** 500米内, 1.5公里内 … ('' when not measured). */
  distance_text: z.string(),
  my_role: z.enum(TEAM_ROLES),
  joined: z.boolean(),
  /** The viewer's answer: join, on_way, cannot, or '' (none). */
  my_response: z.enum(['', ...TEAM_ACTIONS]),
});
export type TeamCard = z.infer<typeof TeamCardSchema>;

const TeamPage = z.object({ items: z.array(TeamCardSchema), hasMore: z.boolean() });
const PageQuery = z.object({ page: pageField(), size: sizeField(PAGE_SIZE.nearby) });

/**
 * Starts a team at a point (the meeting place, often the creator's position; stored
 * snapped to the nearby grid and never answered). The creator is its first member and its
 * team chat opens with it. With push_notify 1, people within notify_radius km are told
 * (at most TEAM_NEARBY_NOTICES_PER_HOUR such notices an hour each). At most
 * TEAM_ACTIVE_LIMIT active teams per person.
 */
export const createTeam = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/create-team`,
  body: z.object({
    title: z
      .string({ error: '请填写车队名称' })
      .trim()
      .min(1, { error: '请填写车队名称' })
      .max(TEAM_TITLE_MAX_LENGTH, { error: `车队名称不能超过 ${TEAM_TITLE_MAX_LENGTH} 个字` }),
    description: z
      .string({ error: '车队介绍须为文本' })
      .trim()
      .max(TEAM_DESCRIPTION_MAX_LENGTH, { error: `车队介绍不能超过 ${TEAM_DESCRIPTION_MAX_LENGTH} 个字` })
      .default(''),
    latitude: coordinateField(-90, 90, '纬度'),
    longitude: coordinateField(-180, 180, '经度'),
    notify_radius: numberOr(
      TEAM_NOTIFY_RADIUS_DEFAULT_KM,
      z.coerce
        .number({ error: '通知范围须为数字' })
        .min(TEAM_NOTIFY_RADIUS_MIN_KM, {
          error: `通知范围须在 ${TEAM_NOTIFY_RADIUS_MIN_KM} 到 ${TEAM_NOTIFY_RADIUS_MAX_KM} 公里之间`,
        })
        .max(TEAM_NOTIFY_RADIUS_MAX_KM, {
          error: `通知范围须在 ${TEAM_NOTIFY_RADIUS_MIN_KM} 到 ${TEAM_NOTIFY_RADIUS_MAX_KM} 公里之间`,
        }),
    ),
    expires_in: numberOr(
      TEAM_EXPIRES_DEFAULT_MINUTES,
      z.coerce
        .number({ error: '有效时长须为数字（分钟）' })
        .int({ error: '有效时长须为整数分钟' })
        .min(TEAM_EXPIRES_MIN_MINUTES, { error: `有效时长须在 ${TEAM_EXPIRES_MIN_MINUTES} 分钟到 7 天之间` })
        .max(TEAM_EXPIRES_MAX_MINUTES, { error: `有效时长须在 ${TEAM_EXPIRES_MIN_MINUTES} 分钟到 7 天之间` }),
    ),
    push_notify: flagField('推送设置'),
  }),
  data: z.object({ team_id: z.string() }),
  auth: 'user',
  // Each start may tell the people around: churn (start, cancel, start) is capped here,
  // running teams by TEAM_ACTIVE_LIMIT.
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 3600 }] },
  summary: '发起车队',
});

/** The viewer's own teams (every state but disbanded), newest first. */
export const myTeams = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/my-teams`,
  query: PageQuery,
  data: TeamPage,
  auth: 'user',
  summary: '我发起的车队',
});

/** Teams the viewer is a member of but did not start (every state but disbanded), latest joined first. */
export const joinedTeams = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/joined-teams`,
  query: PageQuery,
  data: TeamPage,
  auth: 'user',
  summary: '我加入的车队',
});

/**
 * Active teams within `radius` km (default 10) of the viewer, nearest bucket first, then
 * a stable pseudo-random order (nearby's rules: the point counts as a position report and
 * distances are measured from the viewer's stored, snapped position).
 */
export const nearbyTeams = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/nearby-teams`,
  query: z.object({
    latitude: coordinateField(-90, 90, '纬度'),
    longitude: coordinateField(-180, 180, '经度'),
    radius: radiusKmField(NEARBY_PLACES_RADIUS_KM),
    page: pageField(),
    size: sizeField(PAGE_SIZE.nearby),
  }),
  data: TeamPage,
  auth: 'user',
  summary: '附近的车队',
});

/**
 * Active teams for the radar: within `radius` km (default 5) of the viewer, at most
 * `limit` (RADAR_LIMIT). SPEC.md shows no parameters: without a point, the viewer's
 * stored fresh position is used (NEARBY_LOCATION_REQUIRED when there is none).
 */
export const radarTeams = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/radar-teams`,
  query: z
    .object({ ...ViewerPointFields, radius: radiusKmField(NEARBY_PEOPLE_RADIUS_KM), limit: RadarLimitField })
    .refine(bothOrNeither, BOTH_OR_NEITHER),
  data: z.object({ teams: z.array(TeamCardSchema) }),
  auth: 'user',
  summary: '雷达上的车队',
});

/**
 * Answers a team (TEAM_ACTIONS): join makes the viewer a member (and of its chat); on_way
 * joins when needed and says they are on their way; cannot tells the team they cannot
 * come (a member stays a member; anyone else declines without joining). Only active
 * teams accept answers. Answers the team as the viewer now sees it.
 */
export const respondTeam = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/respond-team`,
  body: z.object({
    team_id: TeamIdSchema,
    action: z.enum(TEAM_ACTIONS, { error: 'action 须为 join、on_way 或 cannot' }),
  }),
  data: TeamCardSchema,
  auth: 'user',
  access: { rule: 'public' },
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '响应车队（加入 / 在路上 / 去不了）',
});

/** How many answered each way, and the viewer's own answer, for one team. */
export const TeamResponseCountsSchema = z.object({
  team_id: z.string(),
  join: z.number(),
  on_way: z.number(),
  cannot: z.number(),
  member_count: z.number(),
  my_response: z.enum(['', ...TEAM_ACTIONS]),
});
export type TeamResponseCounts = z.infer<typeof TeamResponseCountsSchema>;

/**
 * Answers of several teams at once (a list's cards), in the order asked; ids of teams the
 * viewer cannot see (unknown, disbanded, another's ended team, blocked) are left out.
 */
export const teamResponses = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/team-responses`,
  query: z.object({
    team_ids: z.preprocess(
      idListText,
      z
        .array(TeamIdSchema, { error: 'team_ids 须为以逗号分隔的车队 ID' })
        .min(1, { error: '请提供车队 ID' })
        .max(TEAM_RESPONSE_IDS_MAX, { error: `一次最多查询 ${TEAM_RESPONSE_IDS_MAX} 个车队` }),
    ),
  }),
  data: z.object({ items: z.array(TeamResponseCountsSchema) }),
  auth: 'user',
  access: { rule: 'public' },
  summary: '车队响应统计',
});

/** The viewer's place in one team and their answer. */
export const teamResponseStatus = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/team-response-status`,
  query: z.object({ team_id: TeamIdSchema }),
  data: z.object({
    team_id: z.string(),
    status: z.enum(TEAM_STATUSES),
    my_role: z.enum(TEAM_ROLES),
    joined: z.boolean(),
    my_response: z.enum(['', ...TEAM_ACTIONS]),
  }),
  auth: 'user',
  access: { rule: 'public' },
  summary: '我对车队的响应',
});

/** A member as team-members shows them: never a position or a distance. */
export const TeamMemberSchema = z.object({
  uid: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  role: z.enum(['creator', 'member']),
  /** join, on_way or cannot. */
  response: z.enum(TEAM_ACTIONS),
  /** ISO 8601. */
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/**
 * A team and its members (the creator first, then by joining), for anyone who may see the
 * team: an active one for every logged-in person, an ended one for its members. People the
 * viewer blocked, or who blocked the viewer, are left out of the list.
 */
export const teamMembers = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/team-members/:id`,
  query: z.object({ id: TeamIdSchema }),
  data: z.object({ team: TeamCardSchema, members: z.array(TeamMemberSchema) }),
  auth: 'user',
  access: { rule: 'public' },
  summary: '车队成员',
});

const TeamStateAnswer = z.object({ team_id: z.string(), status: z.enum(TEAM_STATUSES) });

/** A member leaves (not the creator: they cancel or disband); they leave its chat too. */
export const leaveTeam = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/leave-team`,
  body: z.object({ team_id: TeamIdSchema }),
  data: TeamStateAnswer,
  auth: 'user',
  access: { rule: 'member', others: 'CONFLICT' },
  summary: '退出车队',
});

/**
 * The creator calls the meetup off: the team becomes 已取消 and accepts nothing more; its
 * members keep reading it and its chat. Pending invitations close.
 */
export const cancelTeam = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/cancel-team`,
  body: z.object({ team_id: TeamIdSchema }),
  data: TeamStateAnswer,
  auth: 'user',
  access: { rule: 'owner', others: 'FORBIDDEN' },
  summary: '取消车队',
});

/** The creator dissolves the team: gone from every list, its chat and messages deleted. */
export const disbandTeam = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/disband-team`,
  body: z.object({ team_id: TeamIdSchema }),
  data: TeamStateAnswer,
  auth: 'user',
  access: { rule: 'owner', others: 'FORBIDDEN' },
  summary: '解散车队',
});

/** How many of something are around, by distance bucket (nearest first). */
const AroundSchema = z.object({
  total: z.number(),
  radius_km: z.number(),
  buckets: z.array(z.object({ distance: z.number(), distance_text: z.string(), count: z.number() })),
});

/**
 * How many people (visible, not blocked either way) are within NEARBY_PEOPLE_RADIUS_KM and
 * active teams within NEARBY_PLACES_RADIUS_KM of the viewer, by bucket.
 */
export const userStats = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/user-stats`,
  query: z.object({
    latitude: coordinateField(-90, 90, '纬度'),
    longitude: coordinateField(-180, 180, '经度'),
  }),
  data: z.object({ people: AroundSchema, teams: AroundSchema }),
  auth: 'user',
  summary: '附近人数与车队数',
});

/**
 * A page of a team's chat, members only (an ended team's chat stays readable), oldest
 * first in every page. `since_id`: the messages after it (catching up), at most `limit`
 * (default `size`), `has_more` = more follow. Otherwise `page` counts back from the newest
 * (page 1 the newest `size`), `has_more` = older ones exist. Messages of people the viewer
 * blocked, or who blocked the viewer, are left out.
 */
export const teamChatHistory = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/team-chat-history`,
  query: z.object({
    team_id: TeamIdSchema,
    page: pageField(),
    size: sizeField(PAGE_SIZE.chats),
    since_id: z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional()),
    limit: z.preprocess((v) => (v === '' ? undefined : v), sizeField(PAGE_SIZE.chats).optional()).optional(),
  }),
  data: z.object({ messages: z.array(ChatMessageSchema), has_more: z.boolean() }),
  auth: 'user',
  access: { rule: 'member', others: 'FORBIDDEN' },
  summary: '车队群聊历史',
});

/**
 * Sends to a team's chat, members of an active team only, under the private chat's
 * message rules (text, own uploads, post and product cards, prohibited words,
 * client_msg_id retries). Answers SPEC.md's `{id, success}` and the stored message.
 */
export const sendTeamChat = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/send-team-chat`,
  body: z.object({
    team_id: TeamIdSchema,
    ...MessageFields,
  }),
  data: z.object({ id: z.number(), success: z.boolean(), message: ChatMessageSchema }),
  auth: 'user',
  access: { rule: 'member', others: 'FORBIDDEN' },
  rateLimit: CHAT_SEND_RATE_LIMIT,
  summary: '发送车队群聊消息',
});

const MESSAGES = '/api/v1/ai/messages';

/** Why one invitation was not sent (the others still were). */
export const TEAM_INVITE_SKIPS = ['self', 'member', 'not_found', 'blocked', 'stranger_limit'] as const;

/**
 * Invites people to a team (members of an active team only): each receiver gets a private
 * message with the team's card (msg_type 6) under the private chat's rules, each on its
 * own. `sent` lists the messages (an invitation still pending from the same inviter is
 * answered again, not repeated); `skipped` the receivers not invited and why: themself,
 * already a member, no such account, a block either way, the stranger limit reached.
 */
export const sendTeamInvitation = defineEndpoint({
  method: 'POST',
  path: `${MESSAGES}/send-team-invitation`,
  body: z.object({
    team_id: TeamIdSchema,
    receiver_ids: z.preprocess(
      idListText,
      z
        .array(IdSchema, { error: 'receiver_ids 须为用户 ID 列表' })
        .min(1, { error: '请选择要邀请的人' })
        .max(TEAM_INVITE_MAX_RECEIVERS, { error: `一次最多邀请 ${TEAM_INVITE_MAX_RECEIVERS} 人` }),
    ),
    message: z
      .string({ error: '邀请留言须为文本' })
      .trim()
      .max(200, { error: '邀请留言不能超过 200 个字' })
      .default(''),
  }),
  data: z.object({
    sent: z.array(z.object({ receiver_id: z.number(), message_id: z.number() })),
    skipped: z.array(z.object({ receiver_id: z.number(), reason: z.enum(TEAM_INVITE_SKIPS) })),
  }),
  auth: 'user',
  access: { rule: 'member', others: 'FORBIDDEN' },
  rateLimit: {
    by: 'user',
    windows: [
      { limit: 10, windowSeconds: 60 },
      { limit: 100, windowSeconds: 3600 },
    ],
  },
  summary: '邀请加入车队',
});

const InvitationAct = z.object({ team_id: TeamIdSchema, message_id: IdSchema });
const InvitationAnswer = z.object({ team_id: z.string(), message: ChatMessageSchema });

/**
 * The invitee accepts (once): they join the team (its rules apply: active, not full, no
 * block with its creator) and the card reads accepted for both people.
 */
export const acceptTeamInvitation = defineEndpoint({
  method: 'POST',
  path: `${MESSAGES}/accept-team-invitation`,
  body: InvitationAct,
  data: InvitationAnswer.extend({ team: TeamCardSchema }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '接受车队邀请',
});

/** The invitee rejects (once): the card reads rejected for both people. */
export const rejectTeamInvitation = defineEndpoint({
  method: 'POST',
  path: `${MESSAGES}/reject-team-invitation`,
  body: InvitationAct,
  data: InvitationAnswer,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '拒绝车队邀请',
});

export const teamsErrors = defineErrors({
  /** No such team, or one the viewer may not see (disbanded, another's ended team, a block with its creator). */
  TEAM_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '车队不存在或已解散' },
  /** A team past expires_at, or cancelled: it accepts nothing more. */
  TEAM_CLOSED: { status: STATUS.CONFLICT, message: '车队已结束或已取消，无法继续操作' },
  /** Team chat or invitations by someone who is not a member. */
  TEAM_NOT_MEMBER: { status: STATUS.FORBIDDEN, message: '你还不是该车队成员' },
  /** cancel-team or disband-team by someone other than the creator. */
  TEAM_NOT_CREATOR: { status: STATUS.FORBIDDEN, message: '只有车队发起人可以执行此操作' },
  /** The creator cannot leave their own team. */
  TEAM_CREATOR_CANNOT_LEAVE: { status: STATUS.CONFLICT, message: '你是车队发起人，不能退出，可以取消或解散车队' },
  /** The creator answering 去不了 to their own team. */
  TEAM_CREATOR_CANNOT_DECLINE: { status: STATUS.CONFLICT, message: '你是车队发起人，如不能前往请取消车队' },
  /** TEAM_MAX_MEMBERS reached. */
  TEAM_FULL: { status: STATUS.CONFLICT, message: `车队人数已满（最多 ${TEAM_MAX_MEMBERS} 人）` },
  /** TEAM_ACTIVE_LIMIT reached. */
  TEAM_ACTIVE_LIMIT: {
    status: STATUS.CONFLICT,
    message: `最多同时发起 ${TEAM_ACTIVE_LIMIT} 个进行中的车队，请先结束已有车队`,
  },
  /** leave-team by someone who is not a member. */
  TEAM_NOT_JOINED: { status: STATUS.CONFLICT, message: '你没有加入该车队' },
  /** No such invitation to the viewer (someone else's, not an invitation, another team's). */
  TEAM_INVITATION_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '邀请不存在' },
  /** An invitation already accepted, rejected or closed. */
  TEAM_INVITATION_SETTLED: { status: STATUS.CONFLICT, message: '该邀请已处理' },
});
