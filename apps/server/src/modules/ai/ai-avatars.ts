import { randomBytes } from 'node:crypto';
import { type AiAvatar, type AiAvatarStyle, type AiProviderInfo, AppError } from '@evcircle/contract';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AvatarMaker } from '../../platform/ai/types.ts';
import type { Db } from '../../platform/db.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { replaceAvatar, requireUser } from '../accounts/index.ts';
import { aiAvatars } from './ai.tables.ts';

// The avatar maker (SPEC.md §7 generate-avatar / get-avatars): a set of choices drawn from a
// name, one per style; picking one makes it the profile avatar through the account's own
// avatar path (which re-encodes it). These are procedural drawings, not AI-model output, so
// they carry no AI label (docs/decisions/0022-ai.md).

/** Pixels of a choice; the profile avatar path scales it to its own size. */
const CHOICE_SIZE = 512;

export type AvatarDeps = { db: Db; storage: StorageProvider; log: FastifyBaseLogger; maker: AvatarMaker };

type AvatarSet = { avatars: AiAvatar[]; provider: AiProviderInfo };

function view(deps: AvatarDeps, rows: (typeof aiAvatars.$inferSelect)[]): AvatarSet {
  return {
    avatars: rows.map((row) => ({
      id: row.id,
      style: row.style as AiAvatarStyle,
      url: deps.storage.publicUrl(row.key),
    })),
    provider: deps.maker.info,
  };
}

/** The name the set is drawn from: what the caller typed, else the viewer's nickname. */
async function nameFor(deps: AvatarDeps, userId: number, uname: string): Promise<string> {
  return uname || (await requireUser(deps.db, userId)).nickname;
}

/** The viewer's current set, drawing a first one when there is none. */
export async function currentAvatars(deps: AvatarDeps, userId: number, uname: string): Promise<AvatarSet> {
  const rows = await latestBatch(deps.db, userId);
  if (rows.length > 0) return view(deps, rows);
  return generateAvatars(deps, userId, uname);
}

async function latestBatch(db: Db, userId: number) {
  return db
    .select()
    .from(aiAvatars)
    .where(
      and(
        eq(aiAvatars.userId, userId),
        eq(
          aiAvatars.batch,
          sql`(select max(${aiAvatars.batch}) from ${aiAvatars} where ${aiAvatars.userId} = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(aiAvatars.id));
}

/**
 * A new set: one choice per style, seeded by the name and the set's number (so 换一批 gives
 * new faces and the same name still gives the same first set). The set before is removed
 * with its files once the new one is stored.
 */
export async function generateAvatars(deps: AvatarDeps, userId: number, uname: string): Promise<AvatarSet> {
  const name = await nameFor(deps, userId, uname);
  const [last] = await deps.db
    .select({ batch: sql<number | null>`max(${aiAvatars.batch})` })
    .from(aiAvatars)
    .where(eq(aiAvatars.userId, userId));
  const batch = Number(last?.batch ?? 0) + 1;
  const seed = batch === 1 ? name : `${name}#${batch}`;
  const drawn = await Promise.all(
    deps.maker.styles.map(async (style) => {
      const png = await deps.maker.render(style, seed, CHOICE_SIZE);
      // Random, so nobody reaches another user's choices by guessing.
      const key = `ai/avatars/${userId}/${batch}-${randomBytes(8).toString('hex')}-${style}.png`;
      await deps.storage.put(key, png, 'image/png');
      return { userId, batch, style, key };
    }),
  );
  const rows = await deps.db.insert(aiAvatars).values(drawn).returning();
  await removeOlderBatches(deps, userId, batch);
  return view(deps, rows);
}

async function removeOlderBatches(deps: AvatarDeps, userId: number, batch: number): Promise<void> {
  const old = await deps.db
    .delete(aiAvatars)
    .where(and(eq(aiAvatars.userId, userId), lt(aiAvatars.batch, batch)))
    .returning({ key: aiAvatars.key });
  await Promise.all(
    old.map(({ key }) =>
      deps.storage
        .delete(key)
        .catch((err: unknown) => deps.log.warn({ err, key }, 'ai: could not remove an old avatar choice')),
    ),
  );
}

/** Makes one of the viewer's choices the profile avatar; another user's choice is AI_AVATAR_NOT_FOUND. */
export async function useAvatar(deps: AvatarDeps, userId: number, id: number): Promise<{ url: string; path: string }> {
  const [row] = await deps.db
    .select()
    .from(aiAvatars)
    .where(and(eq(aiAvatars.id, id), eq(aiAvatars.userId, userId)));
  if (!row) throw new AppError('AI_AVATAR_NOT_FOUND');
  const picture = await deps.storage.get(row.key).catch(() => {
    throw new AppError('AI_AVATAR_NOT_FOUND');
  });
  return replaceAvatar(deps, userId, picture);
}
