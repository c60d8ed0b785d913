// Subscriptions, switches and the server's VAPID keys (docs/decisions/0027-pwa-push.md).
import {
  AppError,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushPreferences,
  type PushSubscriptionInput,
} from '@evcircle/contract';
import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { generateVapidKeys, type VapidDetails } from '../../platform/push/index.ts';
import { pushPreferences, pushSubscriptions, pushVapidKeys } from './push.tables.ts';

/** Every kind on: a person who never chose gets all (the browser permission is the first switch). */
const ALL_ON: PushPreferences = { messages: true, replies: true, teams: true };

/**
 * Who push services may contact about our pushes: VAPID_SUBJECT, else PUBLIC_URL when it is
 * https (push services refuse other URLs; RFC 8292 §2.1), else a mailto: of its host.
 */
export function vapidSubjectOf(config: Pick<Config, 'VAPID_SUBJECT' | 'PUBLIC_URL'>): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const url = new URL(config.PUBLIC_URL);
  return url.protocol === 'https:' ? url.origin : `mailto:push@${url.hostname}`;
}

/**
 * The VAPID identity pushes are signed with: the configured pair, or the one stored in the
 * database. Without either, this process generates a pair and offers it (insert … on
 * conflict do nothing), then reads what is stored: when several processes start at once,
 * one pair wins and all of them use it.
 */
export async function loadVapidDetails(
  db: Db,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_URL'>,
): Promise<VapidDetails> {
  const subject = vapidSubjectOf(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const stored = async () => (await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1)))[0];
  let row = await stored();
  if (!row) {
    const pair = generateVapidKeys();
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey: pair.publicKey, privateKey: pair.privateKey })
      .onConflictDoNothing();
    row = await stored();
  }
  if (!row) throw new Error('push: the VAPID key pair could not be stored');
  return { subject, publicKey: row.publicKey, privateKey: row.privateKey };
}

/**
 * Keeps `input` for `userId` (see contract pushSubscribe): a new endpoint is added (the
 * person's oldest beyond PUSH_SUBSCRIPTIONS_PER_USER go); their own endpoint again takes
 * the new keys; another person's endpoint moves only with both of its keys.
 */
export async function subscribe(db: Db, userId: number, input: PushSubscriptionInput): Promise<void> {
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoNothing({ target: pushSubscriptions.endpoint })
      .returning({ id: pushSubscriptions.id });
    if (!created) {
      const [held] = await tx
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, input.endpoint))
        .for('update');
      if (!held) throw new AppError('PUSH_ENDPOINT_TAKEN');
      const isSameBrowser = held.p256dh === values.p256dh && held.auth === values.auth;
      if (held.userId !== userId && !isSameBrowser) throw new AppError('PUSH_ENDPOINT_TAKEN');
      await tx
        .update(pushSubscriptions)
        .set({ ...values, createdAt: new Date() })
        .where(eq(pushSubscriptions.id, held.id));
    }
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}

/** Forgets `userId`'s subscription of `endpoint`; another person's is PUSH_SUBSCRIPTION_NOT_FOUND like none. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('PUSH_SUBSCRIPTION_NOT_FOUND');
}

/** `userId`'s switches (all on when they never chose). */
export async function getPreferences(db: Db, userId: number): Promise<PushPreferences> {
  const [row] = await db
    .select({ messages: pushPreferences.messages, replies: pushPreferences.replies, teams: pushPreferences.teams })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return row ?? ALL_ON;
}

/** The switches and how many browsers `userId` receives pushes in. */
export async function describePreferences(db: Db, userId: number) {
  const [preferences, [counted]] = await Promise.all([
    getPreferences(db, userId),
    db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  ]);
  return { ...preferences, subscriptions: counted?.n ?? 0 };
}

/** Sets the switches given; the others keep their value. */
export async function savePreferences(
  db: Db,
  userId: number,
  changes: Partial<PushPreferences>,
): Promise<PushPreferences> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(pushPreferences)
    .values({ userId, ...ALL_ON, ...given })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...given, updatedAt: new Date() } })
    .returning({ messages: pushPreferences.messages, replies: pushPreferences.replies, teams: pushPreferences.teams });
  if (!row) throw new Error('savePreferences: upsert returned no row');
  return row;
}

/** The browsers `userId` receives pushes in. */
export function subscriptionsOf(db: Db, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** Removes a subscription its push service called gone (404/410). */
export async function removeSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Notes a delivery (when the browser last got one of ours). */
export async function markSent(db: Db, id: number): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSentAt: new Date() }).where(eq(pushSubscriptions.id, id));
}
