import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH } from '@evcircle/contract';
import { and, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { followeeIdsOf, followerIdsOf } from '../relations/index.ts';

/** Most mentions a post or comment may make: the `@` after these are plain text. */
export const MENTIONS_MAX = 10;

/**
 * What follows each `@` of `text` (the first MENTIONS_MAX), as the nicknames it could
 * be, longest first: "@张三丰你好" could mention 张三丰你好, 张三丰你, … down to 张三
 * (NICKNAME_MIN_LENGTH). Chinese runs words together, so the end of a nickname is not
 * marked by a space; whitespace and another `@` do end it.
 */
export function mentionCandidates(text: string): string[][] {
  const mentions: string[][] = [];
  for (const match of text.matchAll(/@([^\s@]+)/g)) {
    if (mentions.length === MENTIONS_MAX) break;
    const chars = [...(match[1] ?? '')].slice(0, NICKNAME_MAX_LENGTH);
    const prefixes: string[] = [];
    for (let n = chars.length; n >= NICKNAME_MIN_LENGTH; n--) prefixes.push(chars.slice(0, n).join(''));
    if (prefixes.length > 0) mentions.push(prefixes);
  }
  return mentions;
}

/**
 * The people `authorId` mentions in `text`. Nicknames are not unique, so a mention is
 * resolved only among the author's circle: live accounts the author follows or who
 * follow the author. Each `@` takes the longest nickname it starts with that someone in
 * the circle has; when several people in the circle share it, that mention is skipped
 * (nobody is told rather than the wrong person). The author never mentions themself.
 * One query (nickname in the candidates, ids in the two follow subqueries).
 */
export async function resolveMentions(db: Db, authorId: number, text: string): Promise<number[]> {
  const mentions = mentionCandidates(text);
  if (mentions.length === 0) return [];
  const names = [...new Set(mentions.flat())];
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(
      and(
        inArray(users.nickname, names),
        isNull(users.deletedAt),
        ne(users.id, authorId),
        or(inArray(users.id, followeeIdsOf(authorId)), inArray(users.id, followerIdsOf(authorId))),
      ),
    );
  const idsByName = new Map<string, number[]>();
  for (const row of rows) idsByName.set(row.nickname, [...(idsByName.get(row.nickname) ?? []), row.id]);

  const mentioned = new Set<number>();
  for (const prefixes of mentions) {
    const ids = prefixes.map((name) => idsByName.get(name)).find((found) => found !== undefined);
    if (ids?.length === 1 && ids[0] !== undefined) mentioned.add(ids[0]);
  }
  return [...mentioned];
}
