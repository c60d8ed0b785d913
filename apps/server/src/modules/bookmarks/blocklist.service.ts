// The domain blocklist admins edit (contract bookmarkBlockedDomains / BlockDomain /
// UnblockDomain): no bookmark, history entry, pin or meta fetch may name a blocked domain
// or one of its subdomains.
import { AppError, type BlockedDomain } from '@evcircle/contract';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { bookmarkBlockedDomains } from './bookmarks.tables.ts';

/**
 * `host` and every parent domain it sits under (`m.shop.example.com` → itself,
 * `shop.example.com`, `example.com`, `com`): a domain blocks its subdomains, and only
 * whole labels count, so `notexample.com` is not under `example.com`. An IPv6 address
 * (it holds `:`) is only itself.
 */
export function domainsOf(host: string): string[] {
  const bare = host.toLowerCase().replace(/\.$/, '');
  if (bare.includes(':')) return [bare];
  const labels = bare.split('.');
  return labels.map((_label, index) => labels.slice(index).join('.')).filter((domain) => domain !== '');
}

/** The blocked entry `host` falls under (itself or a parent domain), or null. */
export async function findBlockingDomain(db: Db, host: string): Promise<string | null> {
  const [row] = await db
    .select({ domain: bookmarkBlockedDomains.domain })
    .from(bookmarkBlockedDomains)
    .where(inArray(bookmarkBlockedDomains.domain, domainsOf(host)))
    .limit(1);
  return row?.domain ?? null;
}

/** Throws BOOKMARK_DOMAIN_BLOCKED when `host` is a blocked domain or under one. */
export async function assertHostAllowed(db: Db, host: string): Promise<void> {
  if ((await findBlockingDomain(db, host)) !== null) throw new AppError('BOOKMARK_DOMAIN_BLOCKED');
}

/**
 * SQL that is true when the host column `host` is NOT blocked: no entry equal to it or
 * a parent domain of it (the SQL form of domainsOf, for lists filtered in the database).
 */
export function hostNotBlockedSql(host: SQL | SQL.Aliased | { getSQL(): SQL }): SQL {
  const d = bookmarkBlockedDomains;
  return sql`not exists (select 1 from ${d} where ${d.domain} = ${host} or right(${host}, length(${d.domain}) + 1) = '.' || ${d.domain})`;
}

function toBlockedDomain(row: typeof bookmarkBlockedDomains.$inferSelect): BlockedDomain {
  return { domain: row.domain, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

/** The blocklist, newest first. */
export async function listBlockedDomains(db: Db): Promise<BlockedDomain[]> {
  const rows = await db
    .select()
    .from(bookmarkBlockedDomains)
    .orderBy(desc(bookmarkBlockedDomains.createdAt), bookmarkBlockedDomains.domain);
  return rows.map(toBlockedDomain);
}

/**
 * Blocks `domain` (already lower-cased ASCII by the contract), storing which admin did
 * and why; blocking it again replaces the reason. The hot list forgets the domain in
 * every process at once (the `bookmark.hot-changed` event).
 */
export async function blockDomain(db: Db, adminId: number, domain: string, reason: string): Promise<BlockedDomain> {
  return transaction(db, async (tx, announce) => {
    const [row] = await tx
      .insert(bookmarkBlockedDomains)
      .values({ domain, reason, createdBy: adminId })
      .onConflictDoUpdate({ target: bookmarkBlockedDomains.domain, set: { reason, createdBy: adminId } })
      .returning();
    if (!row) throw new Error('blocked domain upsert returned no row');
    await announce('bookmark.hot-changed', {});
    return toBlockedDomain(row);
  });
}

/** Lifts the block of exactly `domain` (a parent domain's block stays); unblocking one not blocked is no error. */
export async function unblockDomain(db: Db, domain: string): Promise<void> {
  await transaction(db, async (tx, announce) => {
    await tx.delete(bookmarkBlockedDomains).where(eq(bookmarkBlockedDomains.domain, domain));
    await announce('bookmark.hot-changed', {});
  });
}
