import { type SQL, sql } from 'drizzle-orm';
import { conversations } from './chat.tables.ts';

/** A private conversation's two people, as the table keeps them: the lower id first. */
export function pairOf(a: number, b: number): { userLow: number; userHigh: number } {
  return a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };
}

/** The other person of a private conversation, seen from `userId`. */
export function peerOf(conversation: { userLow: number | null; userHigh: number | null }, userId: number): number {
  return (conversation.userLow === userId ? conversation.userHigh : conversation.userLow) ?? 0;
}

/** SQL of the other person of a private conversation row, seen from `userId` (lists join and filter by it). */
export function peerIdSql(userId: number): SQL<number> {
  return sql<number>`(case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end)`;
}
