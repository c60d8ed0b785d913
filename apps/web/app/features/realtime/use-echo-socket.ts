import { type EchoPayload, REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';
export type EchoResult = { latencyMs: number; serverTime: number; at: number };

const ECHO_TIMEOUT_MS = 5000;

/**
 * A Socket.IO connection to REALTIME_PATH and a round-trip echo: the page sends its
 * clock, the server acknowledges with the payload plus its own time. The Socket.IO client
 * (about 11 KB compressed) loads with the connection, after the page has shown.
 */
export function useEchoSocket() {
  const socketRef = useRef<Socket | null>(null);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [transport, setTransport] = useState<string | null>(null);

  useEffect(() => {
    let socket: Socket | null = null;
    let isGone = false;
    const onConnect = () => {
      if (!socket) return;
      setState('connected');
      setTransport(socket.io.engine.transport.name);
      socket.io.engine.once('upgrade', (t: { name: string }) => setTransport(t.name));
    };
    const onDisconnect = () => setState('disconnected');
    // While the manager retries, the page says so instead of claiming to be offline.
    const onReconnecting = () => setState('connecting');
    import('socket.io-client').then(
      ({ io }) => {
        if (isGone) return;
        socket = io({ path: REALTIME_PATH });
        socketRef.current = socket;
        socket.on('connect', onConnect);
        socket.on('disconnect', onDisconnect);
        socket.on('connect_error', onDisconnect);
        socket.io.on('reconnect_attempt', onReconnecting);
      },
      // The client's code could not be fetched (offline): as a connection that failed.
      () => {
        if (!isGone) setState('disconnected');
      },
    );
    return () => {
      isGone = true;
      if (!socket) return;
      socket.io.off('reconnect_attempt', onReconnecting);
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
    };
  }, []);

  /** Sends one echo; resolves with the round trip, rejects on timeout or when offline. */
  const echo = useCallback(async (text: string): Promise<EchoResult> => {
    const socket = socketRef.current;
    if (!socket?.connected) throw new Error('not connected');
    const payload: EchoPayload = { sentAt: Date.now(), text };
    const reply = (await socket.timeout(ECHO_TIMEOUT_MS).emitWithAck(REALTIME_EVENTS.echo, payload)) as EchoPayload & {
      serverTime: number;
    };
    const now = Date.now();
    return { latencyMs: now - reply.sentAt, serverTime: reply.serverTime, at: now };
  }, []);

  return { state, transport, echo };
}
