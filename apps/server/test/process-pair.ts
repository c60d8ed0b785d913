// Two server processes behind one PostgreSQL and one Redis, for the scale-out tests
// (ARCHITECTURE.md): each process its own data folder, both on one scratch database and
// one Redis key prefix, and members logged in through either with the SMS code it wrote
// to its outbox. Only where PostgreSQL and Redis are (CI's second pass): PGlite cannot be
// shared by two processes.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ApiClient, createApiClient, mobileLogin, smsCode } from '@evcircle/contract';
import type { Socket } from 'socket.io-client';
import { createScratchDatabase, deleteRedisKeys } from './scratch-backends.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { openInbox } from './sockets.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const SIGN_SECRET = 'two-processes-secret';

/** Whether this run has the PostgreSQL and the Redis two processes can share (skip otherwise). */
export const HAS_SHARED_BACKENDS = Boolean(DATABASE_URL && REDIS_URL);

/** One of the two processes and its data folder (where its SMS outbox is). */
export type Side = { server: ServerProcess; dataDir: string };

/** A member logged in through one side. */
export type Member = { id: number; token: string; api: ApiClient };

export type ProcessPair = {
  a: Side;
  b: Side;
  /** The signed contract client of `side`, sending `token` when given. */
  clientOf(side: Side, token?: string): ApiClient;
  /** A new member, logged in by SMS through `side`. */
  logIn(side: Side): Promise<Member>;
  /** A socket of `token` held by `side`, closed by `stop`. */
  openSocket(side: Side, token: string): Promise<Socket>;
  /** Closes the sockets, stops both processes and removes what they created. */
  stop(): Promise<void>;
};

/**
 * Starts the two processes (one after the other: the first migrates the new database) on
 * a scratch database and a Redis prefix named after `name`. Needs HAS_SHARED_BACKENDS.
 */
export async function startProcessPair(name: string): Promise<ProcessPair> {
  if (!DATABASE_URL || !REDIS_URL) throw new Error('two processes need DATABASE_URL and REDIS_URL');
  const redisUrl = REDIS_URL;
  const keyPrefix = `evcircle-test:${name}:${randomUUID().slice(0, 8)}:`;
  const sides: Side[] = [];
  const sockets: Socket[] = [];
  const scratch = await createScratchDatabase(DATABASE_URL);

  async function stop(): Promise<void> {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(sides.map((side) => side.server.stop()));
    await Promise.all(sides.map((side) => rm(side.dataDir, { recursive: true, force: true })));
    await scratch.drop();
    await deleteRedisKeys(redisUrl, keyPrefix);
  }

  async function startSide(): Promise<Side> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `evcircle-${name}-`));
    const server = await startServerProcess({
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
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

  let a: Side;
  let b: Side;
  try {
    a = await startSide();
    b = await startSide();
  } catch (err) {
    await stop();
    throw err;
  }

  const clientOf = (side: Side, token?: string): ApiClient =>
    createApiClient({ baseUrl: side.server.baseUrl, signSecret: SIGN_SECRET, getToken: () => token });

  return {
    a,
    b,
    clientOf,
    async logIn(side) {
      const mobile = `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;
      const anonymous = clientOf(side);
      await anonymous.call(smsCode, { mobile, acode: '86' });
      const code = await smsCodeFor(side, mobile);
      const account = await anonymous.call(mobileLogin, { mobile, smscode: code, acode: '86' });
      return { id: account.uid, token: account.token, api: clientOf(side, account.token) };
    },
    async openSocket(side, token) {
      const { socket } = await openInbox(side.server.baseUrl, token);
      sockets.push(socket);
      return socket;
    },
    stop,
  };
}

/** The SMS code `side` last wrote to its outbox for `mobile` (the console provider's file). */
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
