import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { posts } from './posts.tables.ts';

/** How many characters of a post's text a summary keeps. */
const EXCERPT_LENGTH = 60;

/**
 * A post as another module shows it in a card (a post shared into a chat): the first
 * words of its text, its cover, its author's nickname. A deleted post keeps only its id
 * (`live` false, the rest empty): what its author removed is not shown again.
 */
export type PostSummary = { id: number; excerpt: string; cover: string; authorName: string; live: boolean };

/** The first EXCERPT_LENGTH characters of `content`, whitespace runs folded to one space. */
function excerptOf(content: string): string {
  return Array.from(content.replace(/\s+/g, ' ').trim()).slice(0, EXCERPT_LENGTH).join('');
}

/** Summaries of the posts with these ids (deleted ones included, `live` false), by id; unknown ids are missing. */
export async function findPostSummaries(db: Db, ids: readonly number[]): Promise<Map<number, PostSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: posts.id,
      content: posts.content,
      images: posts.images,
      videoCover: posts.videoCover,
      deletedAt: posts.deletedAt,
      authorName: users.nickname,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(inArray(posts.id, [...new Set(ids)]));
  return new Map(
    rows.map((row): [number, PostSummary] => {
      if (row.deletedAt !== null) return [row.id, { id: row.id, excerpt: '', cover: '', authorName: '', live: false }];
      return [
        row.id,
        {
          id: row.id,
          excerpt: excerptOf(row.content),
          cover: row.images[0]?.src ?? row.videoCover,
          authorName: row.authorName,
          live: true,
        },
      ];
    }),
  );
}
