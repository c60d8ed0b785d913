// Sending one person a push in every browser they subscribed, after the fact's commit
// (push-sources.ts): their switch for its kind is asked first; a subscription the push
// service calls gone (404/410) is removed; any other failure is tried once more, then
// logged. Nothing here can fail the write that caused the push.
import type { PushKind, PushPayload } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { PushOutcome, PushProvider, VapidDetails } from '../../platform/push/index.ts';
import { getPreferences, markSent, removeSubscription, subscriptionsOf } from './push.service.ts';

/** How long a push service keeps a push for a browser that is offline: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What one app sends with: its provider, its VAPID identity, its log. */
export type PushSender = { provider: PushProvider; vapid: VapidDetails; log: Pick<FastifyBaseLogger, 'warn'> };

// Keyed by database, as the event handlers receive it (tests run many apps in one process).
const senders = new WeakMap<Db, PushSender>();

/** Makes `db`'s events send pushes through `sender` (the push module's start-up). */
export function registerPushSender(db: Db, sender: PushSender): void {
  senders.set(db, sender);
}

/** The VAPID public key `db`'s app signs with (browsers subscribe with it). */
export function vapidPublicKeyOf(db: Db): string {
  const sender = senders.get(db);
  if (!sender) throw new Error('push: the module has not started for this database');
  return sender.vapid.publicKey;
}

/** RFC 8030 Topic: at most 32 URL-safe base64 characters. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
}

/** Pushes `payload` to `userId`'s browsers when their `kind` switch is on. */
export async function pushToUser(db: Db, userId: number, kind: PushKind, payload: PushPayload): Promise<void> {
  const sender = senders.get(db);
  if (!sender) return;
  if (!(await getPreferences(db, userId))[kind]) return;
  const targets = await subscriptionsOf(db, userId);
  const text = JSON.stringify(payload);
  const options = { vapid: sender.vapid, ttlSeconds: PUSH_TTL_SECONDS, topic: topicOf(payload.tag) };
  await Promise.all(
    targets.map(async (target) => {
      let outcome: PushOutcome = await sender.provider.send(target, text, options);
      // One more try for a failure that may pass (a timeout, a 5xx, a 429); never more.
      if (outcome.kind === 'failed') outcome = await sender.provider.send(target, text, options);
      if (outcome.kind === 'sent') await markSent(db, target.id);
      else if (outcome.kind === 'gone') await removeSubscription(db, target.id);
      else {
        sender.log.warn(
          { userId, subscriptionId: target.id, statusCode: outcome.statusCode, detail: outcome.detail },
          'push: delivery failed twice',
        );
      }
    }),
  );
}
