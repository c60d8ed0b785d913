import { randomBytes, randomInt } from 'node:crypto';
import { NICKNAME_MAX_LENGTH } from '@evcircle/contract';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { Announce } from '../../platform/events.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import './accounts.events.ts';
import { users } from './accounts.tables.ts';
import { renderNicknameAvatar } from './avatar-art.ts';
import { userIdFromInviteCode } from './invite-code.ts';

/**
 * Accounts made by a first login: a generated zh-CN nickname, a generated avatar,
 * sign-up points, and the invite (if any) recorded and rewarded — all with the user row,
 * in the caller's transaction.
 */

/** A database handle or a transaction (both run the same queries). */
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

const ADJECTIVES = [
  '追风',
  '爱充电的',
  '满电的',
  '早起的',
  '安静的',
  '快乐的',
  '自驾的',
  '夜行的',
  '热心的',
  '慢充的',
  '超充的',
  '佛系的',
  '逐光的',
  '周末的',
  '山野的',
  '海边的',
  '长续航的',
  '低碳的',
  '爱露营的',
  '向阳的',
] as const;

const NOUNS = ['车友', '电车人', '旅人', '领航员', '骑士', '探路者', '小鹿', '追光者', '司机', '玩家'] as const;

/** Crockford base 32 without look-alikes: the suffix reads well aloud and in a list. */
const SUFFIX_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)] as T;
}

function suffix(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return out;
}

/**
 * A friendly generated nickname such as 追风车友_8F3K: a phrase about driving electric,
 * an underscore and a random suffix (30⁴ ≈ 810 000 per phrase, 200 phrases). At most
 * NICKNAME_MAX_LENGTH characters; the person can change it in settings.
 */
export function generateNickname(suffixLength = 4): string {
  const name = `${pick(ADJECTIVES)}${pick(NOUNS)}_${suffix(suffixLength)}`;
  return [...name].slice(0, NICKNAME_MAX_LENGTH).join('');
}

/** A generated nickname no live account has (tries a few; a longer suffix if unlucky). */
export async function pickFreeNickname(db: Executor, generate = generateNickname): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const candidate = generate(attempt < 4 ? 4 : 6);
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.nickname, candidate), isNull(users.deletedAt)))
      .limit(1);
    if (!taken) return candidate;
  }
  // NOTE: 6 random draws all taken means ~10⁸ live generated names; a longer suffix still works.
  return generate(8);
}

/** What a new account is made from, prepared before its transaction (rendering takes a few ms). */
export type NewUserDraft = { nickname: string; avatar: Buffer };

export async function draftNewUser(db: Executor): Promise<NewUserDraft> {
  const nickname = await pickFreeNickname(db);
  return { nickname, avatar: await renderNicknameAvatar(nickname, 'webp') };
}

/**
 * The storage key of an account's own avatar, in the form the avatar upload uses
 * (`avatars/<uid>-<16 hex>.webp`, see avatar.service.ts `isOwnAvatarKey`), so the
 * generated one is removed like an uploaded one when it is replaced or the account is
 * deleted.
 */
function generatedAvatarKey(userId: number): string {
  return `avatars/${userId}-${randomBytes(8).toString('hex')}.webp`;
}

/** The live user an invite code stands for, or null (not a code we issue, unknown or deleted account). */
export async function findInviter(db: Executor, code: string | undefined): Promise<number | null> {
  if (!code) return null;
  const inviterId = userIdFromInviteCode(code);
  if (inviterId === null) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, inviterId), isNull(users.deletedAt)))
    .limit(1);
  return row ? row.id : null;
}

export type CreatedUser = { userId: number; avatarKey: string; invitedBy: number | null };

/** Compensations for side effects outside the database, run by the caller if its transaction fails. */
export type UndoList = (() => Promise<void>)[];

/**
 * Creates the account of `acode`/`mobile` inside `tx`: the row with the drafted
 * nickname and avatar and — when `invite` is a live user's code — `invitedBy`, then
 * announces `account.created` in the transaction (the points module grants the sign-up
 * and invite points there). A bad or stale invite code is ignored: it must never stop
 * someone from signing up.
 * The avatar file is written before the transaction commits; its removal is pushed on
 * `undo` first, so the caller can take it back whatever fails afterwards.
 */
export async function createUserAtSignup(
  tx: Executor,
  storage: StorageProvider,
  input: { acode: string; mobile: string; invite?: string; draft: NewUserDraft; now: Date },
  undo: UndoList,
  announce: Announce,
): Promise<CreatedUser> {
  const { acode, mobile, draft, now } = input;
  // A deleted account should have released its number already; make sure it has, so the
  // unique (acode, mobile) index lets the new account in.
  await tx
    .update(users)
    .set({ acode: null, mobile: null })
    .where(and(eq(users.acode, acode), eq(users.mobile, mobile), isNotNull(users.deletedAt)));

  const invitedBy = await findInviter(tx, input.invite);
  const [row] = await tx
    .insert(users)
    .values({ nickname: draft.nickname, acode, mobile, invitedBy, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  if (!row) throw new Error('createUserAtSignup: insert returned no row');
  const userId = row.id;

  const avatarKey = generatedAvatarKey(userId);
  undo.push(() => storage.delete(avatarKey));
  await storage.put(avatarKey, draft.avatar, 'image/webp');
  await tx.update(users).set({ avatar: avatarKey }).where(eq(users.id, userId));

  await announce('account.created', { userId, invitedBy });
  return { userId, avatarKey, invitedBy };
}

/** The live account of a number, or null. */
export async function findUserByPhone(db: Executor, acode: string, mobile: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.acode, acode), eq(users.mobile, mobile), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}
