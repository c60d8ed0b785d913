import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from './db.ts';

/**
 * What modules announce, by name. Empty here: each announcing module adds its own
 * events in its `<domain>.events.ts` by declaration merging, so the payload type lives
 * with the module that owns the fact:
 *
 *   declare module '../../platform/events.ts' {
 *     interface AppEvents { 'post.changed': { postId: number } }
 *   }
 *
 * Payloads are plain JSON (numbers, strings, arrays): the same event crosses processes
 * through Redis when REDIS_URL is set.
 */
// NOTE: declaration merging needs `interface`.
// biome-ignore lint/suspicious/noEmptyInterface: modules add their events to it.
export interface AppEvents {}

export type EventName = keyof AppEvents;

/** How a module reacts to one event; each phase is optional. */
export type Subscriber<N extends EventName> = {
  /**
   * In the announcer's transaction (with its `tx`): writes that must commit or roll back
   * with the fact itself (a deleted account's posts, a counter). A throw aborts the write.
   */
  inTransaction?: (payload: AppEvents[N], tx: Db) => Promise<void>;
  /** Once, in the announcing process, after commit: work that may lag the fact (a notification). */
  afterCommit?: (payload: AppEvents[N], db: Db) => Promise<void>;
  /**
   * In every process after commit, the announcing one first and the others through
   * Redis when REDIS_URL is set: what each process keeps for itself (caches, sockets).
   */
  everywhere?: (payload: AppEvents[N], db: Db) => void;
};

/** A module's reactions, by event name (ModuleDescriptor.events). */
export type EventSubscriptions = { [N in EventName]?: Subscriber<N> };

type AnySubscriber = {
  inTransaction?: (payload: unknown, tx: Db) => Promise<void>;
  afterCommit?: (payload: unknown, db: Db) => Promise<void>;
  everywhere?: (payload: unknown, db: Db) => void;
};

/** Every module's subscriptions, by event; filled once from the module list (subscribeModules). */
const subscribers = new Map<string, AnySubscriber[]>();
const subscribedSets = new WeakSet<EventSubscriptions>();

/** Adds each module's subscriptions, once per subscriptions object (buildApp runs per test app). */
export function subscribeAll(all: readonly EventSubscriptions[]): void {
  for (const subscriptions of all) {
    if (subscribedSets.has(subscriptions)) continue;
    subscribedSets.add(subscriptions);
    for (const [name, subscriber] of Object.entries(subscriptions)) {
      const list = subscribers.get(name) ?? [];
      list.push(subscriber as AnySubscriber);
      subscribers.set(name, list);
    }
  }
}

function subscribersOf(name: string): readonly AnySubscriber[] {
  return subscribers.get(name) ?? [];
}

type Logger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** The Redis link of one app's database: publishes its events, runs the others'. */
type Relay = { publish(name: string, payload: unknown): void };
const relays = new WeakMap<Db, Relay>();
const loggers = new WeakMap<Db, Logger>();

type Pending = { name: string; payload: unknown };

/** Runs the `everywhere` phase of one event in this process; a failing subscriber is logged, not thrown. */
function runEverywhere(db: Db, name: string, payload: unknown, log: Logger | undefined): void {
  for (const subscriber of subscribersOf(name)) {
    try {
      subscriber.everywhere?.(payload, db);
    } catch (err) {
      log?.error({ err, event: name }, 'an event subscriber failed');
    }
  }
}

/** Runs the after-commit phases of events whose transaction committed. */
function runAfterCommit(db: Db, pending: readonly Pending[]): void {
  const log = loggers.get(db);
  for (const { name, payload } of pending) {
    runEverywhere(db, name, payload, log);
    for (const subscriber of subscribersOf(name)) {
      if (!subscriber.afterCommit) continue;
      const work = subscriber.afterCommit(payload, db).catch((err: unknown) => {
        log?.error({ err, event: name }, 'an event subscriber failed after commit');
      });
      track(db, work);
    }
    relays.get(db)?.publish(name, payload);
  }
}

/** After-commit work still running, by database: the app waits for it before it closes. */
const running = new WeakMap<Db, Set<Promise<void>>>();

function track(db: Db, work: Promise<void>): void {
  let set = running.get(db);
  if (!set) {
    set = new Set();
    running.set(db, set);
  }
  const tracked = set;
  tracked.add(work);
  work.finally(() => tracked.delete(work));
}

/**
 * Resolves once the after-commit work started so far (and whatever it announced in turn)
 * has finished: before the database closes, so no notification is cut off mid-write.
 */
export async function settleEvents(db: Db): Promise<void> {
  for (;;) {
    const set = running.get(db);
    if (!set || set.size === 0) return;
    await Promise.all(set);
  }
}

/** The after-commit events of each open transaction, by its `tx`: a nested one hands them to its parent. */
const openTransactions = new WeakMap<Db, Pending[]>();

/** Announces events from inside a transaction (see `transaction`). */
export type Announce = <N extends EventName>(name: N, payload: AppEvents[N]) => Promise<void>;

/**
 * A database transaction whose events are announced as the work needs: `announce` runs
 * the in-transaction subscribers at once with `tx`; the after-commit ones run once the
 * transaction has committed, and never when it rolled back. Called with a `tx` (a
 * savepoint inside another transaction), its events wait for the outermost commit.
 */
export async function transaction<T>(db: Db, work: (tx: Db, announce: Announce) => Promise<T>): Promise<T> {
  const parent = openTransactions.get(db);
  const pending: Pending[] = [];
  const result = await db.transaction(async (tx) => {
    openTransactions.set(tx, pending);
    const announce: Announce = async (name, payload) => {
      for (const subscriber of subscribersOf(name)) await subscriber.inTransaction?.(payload, tx);
      pending.push({ name, payload });
    };
    return work(tx, announce);
  });
  if (parent) parent.push(...pending);
  else runAfterCommit(db, pending);
  return result;
}

/**
 * Announces an event outside `transaction`: in-transaction subscribers run on `db`
 * itself, then the after-commit ones (at the outer commit when `db` is a `tx`).
 */
export async function announce<N extends EventName>(db: Db, name: N, payload: AppEvents[N]): Promise<void> {
  for (const subscriber of subscribersOf(name)) await subscriber.inTransaction?.(payload, db);
  const open = openTransactions.get(db);
  if (open) open.push({ name, payload });
  else runAfterCommit(db, [{ name, payload }]);
}

/** Where an app's subscribers report failures. */
export function setEventLogger(db: Db, log: Logger): void {
  loggers.set(db, log);
}

type RelayMessage = { origin: string; name: string; payload: unknown };

/**
 * Carries this app's events to the other processes sharing `redis` (same key prefix),
 * and runs theirs here: only the `everywhere` phase, as the announcing process ran the
 * others. The returned function unsubscribes.
 */
export function relayEvents(db: Db, redis: Redis, keyPrefix: string, log: Logger): () => Promise<void> {
  const origin = randomUUID();
  const channel = `${keyPrefix}events`;
  const listener = redis.duplicate();
  listener.on('error', (err) => log.warn({ err }, 'event relay: Redis error'));
  listener.on('message', (_channel: string, raw: string) => {
    let message: RelayMessage;
    try {
      message = JSON.parse(raw) as RelayMessage;
    } catch {
      return;
    }
    if (message.origin !== origin) runEverywhere(db, message.name, message.payload, log);
  });
  // Not awaited: an unreachable Redis must not stop the start (ioredis subscribes again on reconnect).
  listener.subscribe(channel).catch((err: unknown) => log.warn({ err }, 'event relay: subscribe failed'));
  relays.set(db, {
    publish(name, payload) {
      const message: RelayMessage = { origin, name, payload };
      redis.publish(channel, JSON.stringify(message)).catch((err: unknown) => {
        log.warn({ err, event: name }, 'event relay: publish failed');
      });
    },
  });
  return async () => {
    relays.delete(db);
    await listener.quit().catch(() => listener.disconnect());
  };
}
