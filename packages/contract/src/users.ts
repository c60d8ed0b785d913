import { z } from 'zod';
import { BIO_MAX_LENGTH, CAR_MODEL_MAX_LENGTH, NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { AccountSchema, UserProfileSchema } from './entities/user.ts';
import { IdSchema } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

const UidQuery = z.object({ uid: IdSchema });

/** A public profile with counts and the viewer's relation (SPEC.md §7 user/info/index). */
export const userInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/index',
  query: UidQuery,
  data: UserProfileSchema,
  auth: 'optional',
  access: { rule: 'person' },
  summary: '用户主页信息',
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

/** The viewer's own account (2011 when not logged in). */
export const myAccount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/me',
  query: z.object({}),
  data: AccountSchema,
  auth: 'user',
  summary: '当前登录用户信息',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const usersErrors = defineErrors({
  /** A user id that does not exist. */
  USER_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '用户不存在' },
  /** A nickname someone else already has. */
  NICKNAME_TAKEN: { status: STATUS.CONFLICT, message: '该昵称已被使用' },
});
