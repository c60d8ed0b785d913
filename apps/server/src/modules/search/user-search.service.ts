// User search (SPEC.md §7 user/info/pager): the index of live users (search_users), kept
// in the transaction that creates or edits an account, backfilled for accounts that have
// no row, and queried together with the nickname's substring match.
import type { UserSearchHit } from '@evcircle/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  findUserText,
  lastUserId,
  liveUserTextsWhere,
  selectUserSearchRows,
  type UserText,
  users,
} from '../accounts/index.ts';
import { followerCountSql, toUserCards } from '../relations/index.ts';
import { highlight } from './highlight.ts';
import { backfill, missingFrom, removeDocument, type SearchIndex, writeDocuments } from './index-rows.ts';
import { searchUsers } from './search.tables.ts';
import { searchTsquerySql, toTsvectorSql } from './search-sql.ts';

const USER_INDEX: SearchIndex = { table: searchUsers, id: searchUsers.userId, document: searchUsers.document };

function documentOf(user: UserText) {
  return toTsvectorSql([
    { text: user.nickname, weight: 'A' },
    { text: user.carModel, weight: 'B' },
    { text: user.bio, weight: 'C' },
  ]);
}

/** Brings one account's row in line with it: live, (re)indexed; deleted or gone, removed. */
export async function reindexUser(tx: Db, userId: number): Promise<void> {
  const user = await findUserText(tx, userId);
  if (user?.live) await writeDocuments(tx, USER_INDEX, [{ id: user.id, document: documentOf(user) }]);
  else await removeDocument(tx, USER_INDEX, userId);
}

/** Indexes every live account that has no index row; answers how many. */
export function backfillUserIndex(db: Db): Promise<number> {
  const missing = missingFrom(USER_INDEX);
  return backfill(
    db,
    USER_INDEX,
    { lastId: () => lastUserId(db), missing: (window) => liveUserTextsWhere(db, missing, window) },
    documentOf,
  );
}

/**
 * One page of live users whose nickname contains `word` or whose nickname, car model or
 * bio hold every term of it; the exact nickname first, then the most followed, then the
 * newest; marked for the viewer, nicknames highlighted. A blank word answers [].
 */
export async function searchUsersFor(
  db: Db,
  word: string,
  paging: { page: number; size: number },
  viewerId: number | null,
): Promise<UserSearchHit[]> {
  const trimmed = word.trim();
  if (trimmed === '') return [];
  const indexed = sql`${searchUsers.document} @@ ${searchTsquerySql(trimmed)}`;
  const matchingIds = db.select({ id: searchUsers.userId }).from(searchUsers).where(indexed);
  const rows = await selectUserSearchRows(
    db,
    trimmed,
    paging,
    followerCountSql(users.id),
    inArray(users.id, matchingIds),
  );
  const cards = await toUserCards(db, rows, viewerId);
  return cards.map((card) => ({ ...card, highlight: highlight(card.nickname, trimmed) }));
}
