import { type ChatUnreadEvent, type NotifyUnread, REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract/client';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The logged-in user's live connection: one Socket.IO connection per tab while someone
 * is logged in (the session cookie authenticates it), shared by every feature. Features
 * listen with useLiveEvent and catch up after a reconnect with useLiveReconnect; the
 * header reads the unread totals the server pushes. The Socket.IO client (about 11 KB
 * compressed) is fetched only when the connection starts, after the page has shown.
 */
export type LiveStatus = 'off' | 'connecting' | 'connected' | 'disconnected';
export type UnreadTotals = { messages: number; notifications: number; notify: NotifyUnread | null };

type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();
const connectListeners = new Set<() => void>();
const storeListeners = new Set<() => void>();

let socket: Socket | null = null;
let socketUser: number | null = null;
let status: LiveStatus = 'off';
let unread: UnreadTotals = { messages: 0, notifications: 0, notify: null };

function notifyStore(): void {
  for (const listener of storeListeners) listener();
}

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  notifyStore();
}

function dispatch(event: string, payload: unknown): void {
  if (event === REALTIME_EVENTS.chatUnread) {
    unread = { ...unread, messages: (payload as ChatUnreadEvent).total };
    notifyStore();
  } else if (event === REALTIME_EVENTS.notifyUnread) {
    const counts = payload as NotifyUnread;
    unread = { ...unread, notifications: counts.total, notify: counts };
    notifyStore();
  }
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(payload);
    } catch (err) {
      console.error(err);
    }
  }
}

/**
 * Opens the connection for `userId` (closing one of another user first); `null` closes
 * it (logged out). Called by the page-wide effects when the viewer changes.
 */
export function setLiveUser(userId: number | null): void {
  if (userId === socketUser) return;
  stopLive();
  if (userId === null) return;
  socketUser = userId;
  setStatus('connecting');
  import('socket.io-client').then(
    ({ io }) => {
      if (socketUser !== userId) return;
      const next = io({ path: REALTIME_PATH, transports: ['websocket', 'polling'] });
      socket = next;
      next.on('connect', () => {
        setStatus('connected');
        // Pushes sent before this connect reached no socket of this tab: after a reconnect,
        // and on the first connect too (a page fetches its data before the connection,
        // which opens after the page has shown), features fetch what they missed by id.
        for (const listener of connectListeners) listener();
      });
      next.on('disconnect', () => setStatus('disconnected'));
      next.on('connect_error', () => setStatus('disconnected'));
      next.onAny((event: string, payload: unknown) => dispatch(event, payload));
    },
    () => {
      if (socketUser === userId) setStatus('disconnected');
    },
  );
}

function stopLive(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  socketUser = null;
  unread = { messages: 0, notifications: 0, notify: null };
  setStatus('off');
  notifyStore();
}

/** Sends an event when connected; dropped otherwise (typing, which only matters now). */
export function emitLive(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}

/** Sets the message total when a page learns it (a list's unread_total), before the next push. */
export function setMessagesUnread(total: number): void {
  if (unread.messages === total) return;
  unread = { ...unread, messages: total };
  notifyStore();
}

/** Calls `handler` with each `event` the server pushes while the component is mounted. */
export function useLiveEvent<T>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: Listener = (payload) => latest.current(payload as T);
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set?.delete(listener);
    };
  }, [event]);
}

/**
 * Calls `handler` on each connect of the live connection while the component is mounted
 * (the first connect after it mounted, and every reconnect): fetch what was missed.
 */
export function useLiveCatchUp(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = () => latest.current();
    connectListeners.add(listener);
    return () => {
      connectListeners.delete(listener);
    };
  }, []);
}

function subscribe(listener: () => void): () => void {
  storeListeners.add(listener);
  return () => {
    storeListeners.delete(listener);
  };
}

const OFF_UNREAD: UnreadTotals = { messages: 0, notifications: 0, notify: null };

/** The unread totals for the header badges (0 until the server pushes them). */
export function useUnreadTotals(): UnreadTotals {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => OFF_UNREAD,
  );
}

/** The connection's state. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => 'off' as const,
  );
}
