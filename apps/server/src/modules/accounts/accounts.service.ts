import type { updateProfile as updateProfileEndpoint } from '@evcircle/contract';
import { AppError } from '@evcircle/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { type IdRange, idWindowWhere } from '../../platform/id-window.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import './accounts.events.ts';
import { users } from './accounts.tables.ts';
import { isOwnAvatarKey } from './avatar.service.ts';

/** What a deleted account is shown as wherever its id still appears. */
export const DELETED_NICKNAME = '已注销用户';

type Paging = { page: number; size: number };
type Logger = { warn(obj: object, msg: string): void };

export type UserRow = typeof users.$inferSelect;

/** A live (not deleted) user, or USER_NOT_FOUND. */
export async function requireUser(db: Db, uid: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, uid), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/**
 * Inside a transaction, before one person acts on another (follow, block): locks the
 * viewer's live row FOR NO KEY UPDATE, so one person's toggles run one after another
 * (NOT_LOGGED_IN when the account is gone), then reads the target's live row, locked
 * FOR SHARE when `lockTarget` (USER_NOT_FOUND when gone).
 */
export async function lockViewerAndTarget(tx: Db, viewerId: number, targetId: number, lockTarget: boolean) {
  const [me] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, viewerId), isNull(users.deletedAt)))
    .for('no key update');
  if (!me) throw new AppError('NOT_LOGGED_IN');
  const target = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, targetId), isNull(users.deletedAt)));
  const [row] = lockTarget ? await target.for('share') : await target.limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND');
}

/**
 * Inside a transaction: locks the live rows of `ids` FOR KEY SHARE, in id order, and
 * answers the ids that are live. Two people writing to each other at once (chat) take
 * such locks on the same two rows without waiting for each other, while an account
 * deletion (FOR UPDATE) waits for them, and they for it: a write between two people can
 * never commit beside the deletion of one of them.
 */
export async function lockLiveUsers(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** 13812348000 → 138****8000; short foreign numbers keep their last 2 digits. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return '';
  if (mobile.length >= 7) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  return `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
}

/** `100%_off\` → `100\%\_off\\`: the word matched literally inside ILIKE. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The rows of one user-search page for a trimmed, non-empty `word`: live users whose
 * nickname contains it, case-insensitively, `%` and `_` taken literally, or for whom
 * `alsoMatching` holds (the search module's index: words of the nickname, car model and
 * bio). ILIKE '%word%' is what the pg_trgm GIN index users_nickname_trgm_idx serves (for
 * words of three characters or more). Order: the exact nickname first, then `rank`
 * (highest first: the follower count, so a well-known name surfaces before the many that
 * merely contain it), then the newest account, so paging is stable. Exported so a test
 * can EXPLAIN exactly this query.
 */
export function selectUserSearchRows(db: Db, word: string, paging: Paging, rank: SQL, alsoMatching?: SQL) {
  const nickname = ilike(users.nickname, `%${escapeLike(word)}%`);
  return db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), alsoMatching ? or(nickname, alsoMatching) : nickname))
    .orderBy(sql`(lower(${users.nickname}) = lower(${word})) desc`, sql`${rank} desc`, desc(users.id))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
}

/** What a user is found by, and whether the account is live (not deleted). */
export type UserText = { id: number; nickname: string; carModel: string; bio: string; live: boolean };

const userTextColumns = {
  id: users.id,
  nickname: users.nickname,
  carModel: users.carModel,
  bio: users.bio,
  deletedAt: users.deletedAt,
};

function toUserText({ deletedAt, ...row }: { deletedAt: Date | null } & Omit<UserText, 'live'>): UserText {
  return { ...row, live: deletedAt === null };
}

/** The text of one account, deleted ones included (`live` false); null when there is none. */
export async function findUserText(db: Db, uid: number): Promise<UserText | null> {
  const [row] = await db.select(userTextColumns).from(users).where(eq(users.id, uid));
  return row ? toUserText(row) : null;
}

/**
 * Up to `window.limit` live users with ids in the window, by id, that `missing(users.id)`
 * holds for (the caller's NOT EXISTS over its own index).
 */
export async function liveUserTextsWhere(
  db: Db,
  missing: (userId: AnyPgColumn) => SQL,
  window: IdRange & { limit: number },
): Promise<UserText[]> {
  const rows = await db
    .select(userTextColumns)
    .from(users)
    .where(and(isNull(users.deletedAt), ...idWindowWhere(users.id, window), missing(users.id)))
    .orderBy(asc(users.id))
    .limit(window.limit);
  return rows.map(toUserText);
}

/** The highest user id there is (0 with none). */
export async function lastUserId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(users.id) }).from(users);
  return row?.id ?? 0;
}

export type ProfileChanges = z.output<NonNullable<(typeof updateProfileEndpoint)['body']>>;

/** Control characters (newlines, tabs) and invisible spaces have no place in a name. */
const NICKNAME_FORBIDDEN_CHARS = /[\p{Cc}\u200B\u2060\uFEFF]/u;

/**
 * Edits the viewer's own profile: only the fields sent change. Nickname, bio and car
 * model are checked for prohibited words; a nickname must be unique among live users
 * regardless of case (checked under a per-name lock, so two people cannot take the
 * same name at once). A new nickname, bio or car model is announced (account.changed).
 */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.nickname !== undefined) {
    if (NICKNAME_FORBIDDEN_CHARS.test(changes.nickname)) {
      throw new AppError('VALIDATION_FAILED', { detail: 'nickname 不能包含换行或不可见字符' });
    }
    assertNoProhibitedWords(changes.nickname, 'nickname');
    if (changes.nickname === DELETED_NICKNAME) throw new AppError('NICKNAME_TAKEN');
    set.nickname = changes.nickname;
  }
  if (changes.bio !== undefined) {
    assertNoProhibitedWords(changes.bio, 'bio');
    set.bio = changes.bio;
  }
  if (changes.car_model !== undefined) {
    assertNoProhibitedWords(changes.car_model, 'car_model');
    set.carModel = changes.car_model;
  }
  if (changes.sex !== undefined) set.sex = changes.sex;

  if (Object.keys(set).length > 0) {
    await transaction(db, async (tx, announce) => {
      if (set.nickname !== undefined) {
        const lowered = set.nickname.toLowerCase();
        // Serialises every transaction claiming this name (a hash collision only makes
        // two unrelated names wait for each other).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nickname:${lowered}`}))`);
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(isNull(users.deletedAt), ne(users.id, userId), sql`lower(${users.nickname}) = lower(${set.nickname})`),
          )
          .limit(1);
        if (taken) throw new AppError('NICKNAME_TAKEN');
      }
      const updated = await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('NOT_LOGGED_IN');
      // Cards show the name, bio and car model (cached feed rows the name); search indexes them.
      if (set.nickname !== undefined || set.bio !== undefined || set.carModel !== undefined) {
        await announce('account.changed', { userId });
      }
    });
  }
}

/**
 * Deletes the viewer's account in one transaction: the personal data is wiped (the row
 * stays, as '已注销用户', so ids elsewhere still resolve), the number is released so it
 * can sign up again, and `account.deleted` is announced in the same transaction, so
 * every module removes what it keeps of the person (posts, follows, pending QR logins,
 * sessions) or nothing changes at all. The uploaded avatar file goes after the commit.
 */
export async function deleteAccount(deps: { db: Db; storage: StorageProvider; log: Logger }, userId: number) {
  const { db, storage, log } = deps;
  const oldAvatar = await transaction(db, async (tx, announce) => {
    const [row] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!row) throw new AppError('NOT_LOGGED_IN');
    const now = new Date();
    await tx
      .update(users)
      .set({
        nickname: DELETED_NICKNAME,
        avatar: '',
        bio: '',
        sex: 0,
        carModel: '',
        acode: null,
        mobile: null,
        updatedAt: now,
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    await announce('account.deleted', { userId });
    return row.avatar;
  });
  if (isOwnAvatarKey(userId, oldAvatar)) {
    await storage.delete(oldAvatar).catch((err: unknown) => {
      log.warn({ err, key: oldAvatar }, 'could not remove the avatar of a deleted account');
    });
  }
}
