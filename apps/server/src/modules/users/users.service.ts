import {
  type Account,
  AppError,
  type Post,
  type UserCard,
  type updateProfile as updateProfileEndpoint,
} from '@evcircle/contract';
import { and, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { revokeAllSessions } from '../auth/sessions.service.ts';
import { follows } from '../follows/follows.tables.ts';
import { assertNoProhibitedWords } from '../moderation/prohibited-words.ts';
import { invalidateFeed, listUserPosts } from '../posts/posts.service.ts';
import { posts } from '../posts/posts.tables.ts';
import { hasBlocked } from '../safety/blocks.service.ts';
import { scanLogins } from '../scan-login/scan-login.tables.ts';
import { getAccount, requireUser, toUserCards } from './account.service.ts';
import { isOwnAvatarKey } from './avatar.service.ts';
import { users } from './users.tables.ts';

/** What a deleted account is shown as wherever its id still appears. */
export const DELETED_NICKNAME = '已注销用户';

type Paging = { page: number; size: number };
type Logger = { warn(obj: object, msg: string): void };

/** `100%_off\` → `100\%\_off\\`: the word matched literally inside ILIKE. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The rows of one user-search page for a trimmed, non-empty `word`: live users whose
 * nickname contains it, case-insensitively, `%` and `_` taken literally. ILIKE
 * '%word%' is what the pg_trgm GIN index users_nickname_trgm_idx serves (for words of
 * three characters or more; shorter ones read every live nickname). Order: the exact
 * nickname first, then the most followed, then the newest account, so a well-known name
 * surfaces before the many that merely contain it and paging is stable. Exported so a
 * test can EXPLAIN exactly this query.
 */
export function selectUserSearchRows(db: Db, word: string, paging: Paging) {
  const followerCount = sql`(select count(*) from ${follows} where ${follows.followeeId} = ${users.id})`;
  return db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), ilike(users.nickname, `%${escapeLike(word)}%`)))
    .orderBy(sql`(lower(${users.nickname}) = lower(${word})) desc`, sql`${followerCount} desc`, desc(users.id))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
}

/** User search by nickname (SPEC.md §7 user/info/pager); an empty word answers []. */
export async function searchUsers(db: Db, word: string, paging: Paging, viewerId: number | null): Promise<UserCard[]> {
  const trimmed = word.trim();
  if (trimmed === '') return [];
  return toUserCards(db, await selectUserSearchRows(db, trimmed, paging), viewerId);
}

/** A live user's posts, newest first, marked for the viewer; USER_NOT_FOUND otherwise. */
export async function postsOfUser(db: Db, uid: number, paging: Paging, viewerId: number | null): Promise<Post[]> {
  await requireUser(db, uid);
  // Someone the viewer blocked is gone from everything the viewer reads, their profile too.
  if (viewerId !== null && (await hasBlocked(db, viewerId, uid))) return [];
  return listUserPosts(db, uid, { ...paging, viewerId });
}

export type ProfileChanges = z.output<NonNullable<(typeof updateProfileEndpoint)['body']>>;

/** Control characters (newlines, tabs) and invisible spaces have no place in a name. */
const NICKNAME_FORBIDDEN_CHARS = /[\p{Cc}\u200B\u2060\uFEFF]/u;

/**
 * Edits the viewer's own profile: only the fields sent change. Nickname, bio and car
 * model are checked for prohibited words; a nickname must be unique among live users
 * regardless of case (checked under a per-name lock, so two people cannot take the
 * same name at once). Answers the updated account.
 */
export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<Account> {
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
    await db.transaction(async (tx) => {
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
    });
    // Post cards show the author's name and avatar from the cached feed rows.
    if (set.nickname !== undefined) invalidateFeed(db);
  }
  return getAccount(db, userId);
}

/**
 * Deletes the viewer's account in one transaction: the personal data is wiped (the row
 * stays, as '已注销用户', so ids elsewhere still resolve), the number is released so it
 * can sign up again, their posts are deleted, follows both ways and pending QR logins
 * are removed and every session ends. The uploaded avatar file goes after the commit.
 */
export async function deleteAccount(deps: { db: Db; storage: StorageProvider; log: Logger }, userId: number) {
  const { db, storage, log } = deps;
  const oldAvatar = await db.transaction(async (tx) => {
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
    await tx
      .update(posts)
      .set({ deletedAt: now })
      .where(and(eq(posts.userId, userId), isNull(posts.deletedAt)));
    await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
    await tx.delete(scanLogins).where(eq(scanLogins.userId, userId));
    await revokeAllSessions(tx, userId);
    return row.avatar;
  });
  invalidateFeed(db);
  if (isOwnAvatarKey(userId, oldAvatar)) {
    await storage.delete(oldAvatar).catch((err: unknown) => {
      log.warn({ err, key: oldAvatar }, 'could not remove the avatar of a deleted account');
    });
  }
}
