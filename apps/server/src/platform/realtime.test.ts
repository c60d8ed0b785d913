import { type EchoPayload, REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { useListeningTestApp } from '../../test/sockets.ts';
import type { EchoReply } from './realtime.ts';

const server = useListeningTestApp();

function open(): Promise<Socket> {
  const socket = connect(server.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('realtime', () => {
  it('echoes a ping with the server time over the same port', async () => {
    const socket = await open();
    try {
      const sent: EchoPayload = { sentAt: Date.now(), text: '你好，车友圈' };
      const before = Date.now();
      const reply = (await socket.timeout(5000).emitWithAck(REALTIME_EVENTS.echo, sent)) as EchoReply;
      expect(reply).toEqual({ ...sent, serverTime: expect.any(Number) });
      expect(reply.serverTime).toBeGreaterThanOrEqual(before - 1000);
      expect(reply.serverTime).toBeLessThanOrEqual(Date.now() + 1000);
    } finally {
      socket.disconnect();
    }
  });

  it('does not echo a malformed ping', async () => {
    const socket = await open();
    try {
      await expect(socket.timeout(300).emitWithAck(REALTIME_EVENTS.echo, { text: 42 })).rejects.toThrow();
    } finally {
      socket.disconnect();
    }
  });

  it('serves the API on the same port', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
