import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ApiClient,
  createApiClient,
  mobileLogin,
  radarUsers,
  reportLocation,
  smsCode,
  userOnlineStatus,
} from '@evcircle/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, deleteRedisKeys } from '../../../test/scratch-backends.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import { openInbox } from '../../../test/sockets.ts';
import { newArea, offset } from './nearby.test-helper.ts';

/**
 * Presence across processes: someone whose socket is held by process B is online for a
 * viewer asking through process A (the hub asks every process through the Redis adapter).
 * Runs where PostgreSQL and Redis are (CI's second pass); PGlite cannot be shared.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const SIGN_SECRET = 'nearby-two-processes-secret';

type Side = { server: ServerProcess; dataDir: string };
type Member = { id: number; token: string; api: ApiClient };

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const keyPrefix = `evcircle-test:nearby-two:${randomUUID().slice(0, 8)}:`;
const sides: Side[] = [];
const sockets: Socket[] = [];

async function startSide(databaseUrl: string): Promise<Side> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-nearby-two-'));
  const server = await startServerProcess({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: keyPrefix,
      API_SIGN_SECRET: SIGN_SECRET,
      RATE_LIMIT_MAX: '100000',
    },
  }).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  const side = { server, dataDir };
  sides.push(side);
  return side;
}

function clientOf(side: Side, token?: string): ApiClient {
  return createApiClient({ baseUrl: side.server.baseUrl, signSecret: SIGN_SECRET, getToken: () => token });
}

async function smsCodeFor(side: Side, mobile: string): Promise<string> {
  const outbox = path.join(side.dataDir, 'outbox', 'sms.jsonl');
  for (let tries = 0; tries < 100; tries++) {
    const lines = (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const line = lines.reverse().find((l) => (JSON.parse(l) as { mobile: string }).mobile.endsWith(mobile));
    if (line) return (JSON.parse(line) as { code: string }).code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMS code for ${mobile}`);
}

/** A new member logged in through `side`. */
async function member(side: Side): Promise<Member> {
  const mobile = `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const anonymous = clientOf(side);
  await anonymous.call(smsCode, { mobile, acode: '86' });
  const code = await smsCodeFor(side, mobile);
  const account = await anonymous.call(mobileLogin, { mobile, smscode: code, acode: '86' });
  return { id: account.uid, token: account.token, api: clientOf(side, account.token) };
}

describe.skipIf(!DATABASE_URL || !REDIS_URL)('presence across two server processes', () => {
  let a: Side;
  let b: Side;

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL as string);
    // One after the other: the first migrates the new database.
    a = await startSide(scratch.url);
    b = await startSide(scratch.url);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(sides.map((side) => side.server.stop()));
    await Promise.all(sides.map((side) => rm(side.dataDir, { recursive: true, force: true })));
    await scratch?.drop();
    if (REDIS_URL) await deleteRedisKeys(REDIS_URL, keyPrefix);
  }, 60_000);

  it('someone connected to B is online for a viewer asking through A, and offline once gone', async () => {
    const [viewer, other] = [await member(a), await member(b)];
    const here = newArea();
    await other.api.call(reportLocation, offset(here, 150, 0));
    const { socket } = await openInbox(b.server.baseUrl, other.token);
    sockets.push(socket);

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
