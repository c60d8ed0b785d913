import { radarUsers, reportLocation, userOnlineStatus } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_SHARED_BACKENDS, type ProcessPair, startProcessPair } from '../../../test/process-pair.ts';
import { newArea, offset } from './nearby.test-helper.ts';

/**
 * Presence across processes: someone whose socket is held by process B is online for a
 * viewer asking through process A (the hub asks every process through the Redis adapter).
 * Runs where PostgreSQL and Redis are (CI's second pass); PGlite cannot be shared.
 */
describe.skipIf(!HAS_SHARED_BACKENDS)('presence across two server processes', () => {
  // Set by beforeAll; undefined in afterAll when starting failed.
  let pair: ProcessPair;

  beforeAll(async () => {
    pair = await startProcessPair('nearby-two');
  }, 120_000);

  afterAll(() => pair?.stop(), 60_000);

  it('someone connected to B is online for a viewer asking through A, and offline once gone', async () => {
    const { a, b } = pair;
    const [viewer, other] = [await pair.logIn(a), await pair.logIn(b)];
    const here = newArea();
    await other.api.call(reportLocation, offset(here, 150, 0));
    const socket = await pair.openSocket(b, other.token);

    expect(await viewer.api.call(userOnlineStatus, { uid: other.id })).toEqual({
      is_online: true,
      last_active_time: '刚刚',
    });
    const { users } = await viewer.api.call(radarUsers, here);
    expect(users.map((u) => [u.uid, u.is_online])).toEqual([[other.id, true]]);

    socket.disconnect();
    const deadline = Date.now() + 5000;
    while ((await viewer.api.call(userOnlineStatus, { uid: other.id })).is_online) {
      if (Date.now() > deadline) throw new Error('still online after the socket closed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await viewer.api.call(userOnlineStatus, { uid: other.id })).toEqual({
      is_online: false,
      last_active_time: '刚刚',
    });
  });
});
