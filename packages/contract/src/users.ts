import { z } from 'zod';
import {
  BIO_MAX_LENGTH,
  CAR_MODEL_MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PAGE_SIZE,
} from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostSchema } from './entities/post.ts';
import { AccountSchema, UserCardSchema, UserProfileSchema } from './entities/user.ts';
import { IdSchema, pageField, sizeField } from './schemas.ts';

const UidQuery = z.object({ uid: IdSchema });
const PagedUidQuery = z.object({ uid: IdSchema, page: pageField(), size: sizeField(PAGE_SIZE.posts) });

/** A public profile with counts and the viewer's relation (SPEC.md §7 user/info/index). */
export const userInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/index',
  query: UidQuery,
  data: UserProfileSchema,
  auth: 'optional',
  summary: '用户主页信息',
});

/** User search by nickname (SPEC.md §7 user/info/pager). An empty word answers []. */
export const userSearch = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/pager',
  query: z.object({
    word: z.string().trim().max(50).default(''),
    page: pageField(),
    size: sizeField(PAGE_SIZE.search),
  }),
  data: z.array(UserCardSchema),
  auth: 'optional',
  summary: '搜索用户',
});

/** A user's posts, newest first (SPEC.md §7 user/info/post-spager). */
export const userPosts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/post-spager',
  query: PagedUidQuery,
  data: z.array(PostSchema),
  auth: 'optional',
  summary: '用户发布的帖子',
});

const NicknameField = z
  .string()
  .trim()
  .min(NICKNAME_MIN_LENGTH, { error: `昵称需 ${NICKNAME_MIN_LENGTH}–${NICKNAME_MAX_LENGTH} 个字` })
  .max(NICKNAME_MAX_LENGTH, { error: `昵称需 ${NICKNAME_MIN_LENGTH}–${NICKNAME_MAX_LENGTH} 个字` });

/** Edits the viewer's profile; fields left out stay as they are. */
export const updateProfile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/info/update',
  body: z.object({
    nickname: NicknameField.optional(),
    bio: z
      .string()
      .trim()
      .max(BIO_MAX_LENGTH, { error: `简介不能超过 ${BIO_MAX_LENGTH} 个字` })
      .optional(),
    sex: z.coerce
      .number({ error: '性别取值不正确' })
      .int({ error: '性别取值不正确' })
      .min(0, { error: '性别取值不正确' })
      .max(2, { error: '性别取值不正确' })
      .optional(),
    car_model: z
      .string()
      .trim()
      .max(CAR_MODEL_MAX_LENGTH, { error: `车型不能超过 ${CAR_MODEL_MAX_LENGTH} 个字` })
      .optional(),
  }),
  data: AccountSchema,
  auth: 'user',
  summary: '修改个人资料',
});

/** Replaces the viewer's avatar: multipart field `file`, an image up to 10 MB. */
export const uploadAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/info/avatar',
  body: z.object({}),
  data: z.object({ url: z.string(), path: z.string() }),
  auth: 'user',
  multipart: true,
  summary: '上传头像',
});

/** Deletes the account: personal data removed, every session ended. */
export const deleteAccount = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/info/delete',
  body: z.object({ confirm: z.literal('注销', { error: '请输入“注销”以确认' }) }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  summary: '注销账号',
});

// ── follow graph ──

/** Toggles following; answers the new state. Following yourself is refused. */
export const followAct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/follow/act',
  body: UidQuery,
  data: z.object({ result: z.boolean(), isfollow: z.number() }),
  auth: 'user',
  summary: '关注 / 取消关注',
});

/** SPEC.md §5: logged out answers 0. */
export const followCheck = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/check',
  query: UidQuery,
  data: z.object({ isfollow: z.number() }),
  auth: 'optional',
  summary: '是否已关注',
});

export const followCheckMutual = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/check-mutual',
  query: UidQuery,
  data: z.object({ isfollow: z.number(), istfollow: z.number() }),
  auth: 'optional',
  summary: '是否互相关注',
});

/** Who follows `uid`, newest first. */
export const followers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/followers',
  query: PagedUidQuery,
  data: z.array(UserCardSchema),
  auth: 'optional',
  summary: '粉丝列表',
});

/** Whom `uid` follows, newest first. */
export const followingList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/following',
  query: PagedUidQuery,
  data: z.array(UserCardSchema),
  auth: 'optional',
  summary: '关注列表',
});

/** Posts of the people the viewer follows, newest first (/following). */
export const followingFeed = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/posts/following',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(PostSchema),
  auth: 'user',
  summary: '关注的人的帖子',
});

// ── points (integral) ──

export const integral = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/integral',
  query: z.object({}),
  data: z.object({
    /** Always the sum of the ledger. */
    balance: z.number(),
    checkedInToday: z.boolean(),
    /** Days in a row with a check-in, today included when done. */
    streak: z.number(),
  }),
  auth: 'user',
  summary: '积分余额',
});

export const IntegralEntrySchema = z.object({
  id: z.number(),
  /** Positive for grants, negative for spending. */
  amount: z.number(),
  /** Machine reason: checkin, signup, invite, invited, … */
  reason: z.string(),
  /** zh-CN line shown in the ledger. */
  title: z.string(),
  atime: z.string(),
});

export const integralInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/integral/info',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(IntegralEntrySchema),
  auth: 'user',
  summary: '积分明细',
});

/** Daily check-in: once per calendar day (Asia/Shanghai). */
export const checkin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/integral/checkin',
  body: z.object({}),
  data: z.object({ amount: z.number(), balance: z.number(), streak: z.number() }),
  auth: 'user',
  summary: '每日签到',
});

// ── invites ──

/** Who owns an invite code (SPEC.md §7 user/invite/info). */
export const inviteInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/invite/info',
  query: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,16}$/, { error: '邀请码格式不正确' }),
  }),
  data: z.object({
    code: z.string(),
    inviter: UserCardSchema,
    /** Points the new user gets on sign-up with this code (signup + invitee). */
    reward: z.number(),
  }),
  auth: 'optional',
  summary: '邀请码信息',
});

/** The viewer's invite code and the people who signed up with it. */
export const myInvites = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/invite/mine',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.object({ code: z.string(), total: z.number(), users: z.array(UserCardSchema) }),
  auth: 'user',
  summary: '我的邀请',
});
