import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { catchFireAndForget } from './realtime.ts';

describe('catchFireAndForget', () => {
  it('hands a rejected (un)subscribe to the error handler, so it never rejects unhandled', async () => {
    // A client that never connects (nothing listens on port 1): every command fails at once.
    const client = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => {}); // connection errors are expected here
    const onError = vi.fn();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      catchFireAndForget(client, ['subscribe', 'unsubscribe'], onError);
      // Fire and forget, as @socket.io/redis-adapter does.
      void client.subscribe('a');
      void client.unsubscribe('a');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onError).toHaveBeenCalledTimes(2);
      expect(unhandled).not.toHaveBeenCalled();
      // The caller's own promise still rejects as before.
      await expect(client.subscribe('b')).rejects.toThrow();
    } finally {
      process.off('unhandledRejection', unhandled);
      client.disconnect();
    }
  });
});
