import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_DAYS } from '@evcircle/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { announce } from '../../platform/events.ts';
import type { Viewer } from '../../platform/fastify-types.ts';
import { createPerDatabaseCache } from '../../platform/per-database-cache.ts';
import { users, vipFlag } from '../accounts/index.ts';
import { sessions } from './auth.tables.ts';
import './auth.events.ts';

const LIFETIME_MS = SESSION_LIFETIME_DAYS * 86_400_000;
/** A session's expiry is pushed forward at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 3_600_000;

export type LoginMethod = 'sms' | 'scan';

/** Hex SHA-256: what the sessions table keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session for `userId`; the token is returned once and never stored. */
export async function createSession(
  db: Db,
  userId: number,
  method: LoginMethod,
  userAgent: string,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    method,
    userAgent: userAgent.slice(0, 300),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + LIFETIME_MS),
  });
  return token;
}

/**
 * The session lookup every logged-in request makes, built once per database and sent as
 * a named prepared statement: no query building, and PostgreSQL plans it once.
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      isVip: vipFlag(),
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
}

/**
 * How long a recognised session is answered from memory: the lookup every logged-in
 * request makes. Ending a session announces `session.revoked`, which forgets it in every
 * process at once (auth.module.ts); calls declared 'admin' or 'vip' read the role afresh.
 */
export const VIEWER_CACHE_MS = 5000;
/** Sweep expired entries once a database has this many cached, so memory stays bounded. */
const VIEWER_CACHE_SWEEP_AT = 10_000;

const viewers = createPerDatabaseCache<string, Viewer>(VIEWER_CACHE_SWEEP_AT);

/** Forgets the remembered sessions of `userId` in this process (the `session.revoked` subscriber). */
export function forgetViewer(db: Db, userId: number): void {
  viewers.forget(db, (viewer) => viewer.id === userId);
}

/**
 * The viewer a token stands for, or null when it is unknown, expired, or its account is
 * deleted. A session recognised in the last VIEWER_CACHE_MS is answered from memory
 * unless `fresh` (a role or VIP check). Sliding expiry: a session used within its
 * lifetime lives another lifetime.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date = new Date(),
  options: { fresh?: boolean } = {},
): Promise<Viewer | null> {
  if (token.length < 20 || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const cached = options.fresh ? undefined : viewers.get(db, tokenHash, now.getTime());
  if (cached) return cached;
  const found = await lookUpSession(db, tokenHash, now);
  if (!found) {
    viewers.forget(db, (_viewer, key) => key === tokenHash);
    return null;
  }
  const { expiresAt, ...viewer } = found;
  viewers.set(db, tokenHash, viewer, Math.min(now.getTime() + VIEWER_CACHE_MS, expiresAt), now.getTime());
  return viewer;
}

async function lookUpSession(db: Db, tokenHash: string, now: Date): Promise<(Viewer & { expiresAt: number }) | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now });
  if (!row) return null;
  let expiresAt = row.expiresAt.getTime();
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    expiresAt = now.getTime() + LIFETIME_MS;
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    id: row.userId,
    sessionId: row.sessionId,
    role: row.role === 'admin' ? 'admin' : 'user',
    isVip: row.isVip === 1,
    expiresAt,
  };
}

/** Ends one session of `userId` (a user can only end their own); every process forgets it. */
export async function revokeSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  await announce(db, 'session.revoked', { userId });
  return rows.length > 0;
}

/**
 * Ends every session of `userId`; answers how many there were. Every process forgets
 * them (after the commit, when `db` is a transaction: an account's deletion).
 */
export async function revokeAllSessions(db: Db, userId: number): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await announce(db, 'session.revoked', { userId });
  return rows.length;
}

/** Removes sessions past their expiry (called now and then; expired ones are never honoured anyway). */
export async function deleteExpiredSessions(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}

/** Whether `token` is one of `userId`'s live sessions. */
export async function isSessionOf(db: Db, userId: number, token: string, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
