// Chat fan-out across two server processes (issue 15): 2,000 connected sockets, 200 of
// their users sending, every message sent through one process and delivered to a socket
// held by the other, through Redis. Needs PostgreSQL and Redis (PGlite cannot be shared
// by two processes): DATABASE_URL / REDIS_URL, or the local defaults.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ChatMessage, chatSend, createApiClient, REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { createSession } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { follows } from '../../apps/server/src/modules/relations/follows.tables.ts';
import { createDatabase } from '../../apps/server/src/platform/db.ts';
import { createScratchDatabase, deleteRedisKeys } from '../../apps/server/test/scratch-backends.ts';
import { type ServerProcess, startServerProcess } from '../../apps/server/test/server-process.ts';
import { PG_URL, REDIS_URL } from './backends.ts';
import { runNodeJson } from './node-child.ts';
import { percentile } from './percentile.mjs';

const SOCKETS = 2000;
const SENDERS = 200;
/**
 * Each sender sends one message this often: a person in a lively chat writes one every
 * few seconds, so 200 of them at once make about 100 messages a second.
 */
const SEND_EVERY_MS = 2000;
const DURATION_MS = 10_000;
const SIGN_SECRET = 'bench-chat-secret';
export const FANOUT_P99_TARGET_MS = 100;

export type FanoutResult = {
  sockets: number;
  senders: number;
  sent: number;
  delivered: number;
  lost: number;
  duplicated: number;
  messagesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The send call alone (HTTP round trip of chat/send). */
  send: { p50: number; p99: number };
  hello: { p50: number; p95: number; p99: number };
};

/** SOCKETS users with sessions; receiver i + SOCKETS/2 follows sender i, so no stranger limit applies. */
async function seedPeople(databaseUrl: string): Promise<{ ids: number[]; tokens: string[] }> {
  const database = await createDatabase({ DATABASE_URL: databaseUrl, DATA_DIR: '' });
  try {
    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: SOCKETS }, (_, i) => ({ nickname: `车友${i + 1}`, avatar: '', bio: '' })))
      .returning({ id: users.id });
    const ids = rows.map((row) => row.id);
    const tokens: string[] = [];
    for (const id of ids) tokens.push(await createSession(database.db, id, 'sms', 'bench'));
    const half = SOCKETS / 2;
    await database.db.insert(follows).values(
      Array.from({ length: SENDERS }, (_, i) => ({
        followerId: ids[i + half] as number,
        followeeId: ids[i] as number,
      })),
    );
    return { ids, tokens };
  } finally {
    await database.close();
  }
}

function openSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = connect(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Runs the fan-out; the servers and the scratch database are removed afterwards. */
export async function measureFanout(log: (line: string) => void): Promise<FanoutResult> {
  const scratch = await createScratchDatabase(PG_URL, 'evcircle_bench');
  const keyPrefix = `evcircle-bench:${Date.now().toString(36)}:`;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const sockets: Socket[] = [];
  try {
    const start = async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-fanout-'));
      dataDirs.push(dataDir);
      const server = await startServerProcess({
        env: {
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          DATABASE_URL: scratch.url,
          REDIS_URL,
          REDIS_KEY_PREFIX: keyPrefix,
          API_SIGN_SECRET: SIGN_SECRET,
          RATE_LIMIT_MAX: String(1_000_000_000),
          // As in production: no log line per request.
          LOG_LEVEL: 'warn',
        },
      });
      servers.push(server);
      return server;
    };
    // One after the other: the first migrates the new database.
    const a = await start();
    const b = await start();
    log(`  two server processes on ports ${a.port} and ${b.port}, one PostgreSQL, one Redis`);
    const { ids, tokens } = await seedPeople(scratch.url);

    // Hello on the same machine in the same run: one client, one request after another.
    const hello = await runNodeJson<FanoutResult['hello']>(
      [path.join(import.meta.dirname, 'latency-client.mjs'), `${a.baseUrl}/healthz`, '300'],
      'hello latency client',
    );

    // Even users' sockets on A, odd ones' on B; a sender sends through the process that
    // does not hold its receiver's socket, so every delivery crosses Redis.
    const half = SOCKETS / 2;
    const serverOf = (i: number) => (i % 2 === 0 ? a : b);
    for (let i = 0; i < SOCKETS; i += 100) {
      const batch = await Promise.all(
        tokens.slice(i, i + 100).map((token, k) => openSocket(serverOf(i + k).baseUrl, token)),
      );
      sockets.push(...batch);
    }
    log(`  ${sockets.length} sockets connected`);

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let duplicated = 0;
    const seen = new Set<string>();
    for (let r = 0; r < SENDERS; r++) {
      const receiverSocket = sockets[r + half] as Socket;
      receiverSocket.on(REALTIME_EVENTS.chatMessage, (message: ChatMessage) => {
        const at = sentAt.get(message.client_msg_id);
        if (at === undefined) return;
        if (seen.has(message.client_msg_id)) {
          duplicated++;
          return;
        }
        seen.add(message.client_msg_id);
        latencies.push(performance.now() - at);
      });
    }

    const clients = Array.from({ length: SENDERS }, (_, i) => {
      const via = serverOf(i + half) === a ? b : a;
      return createApiClient({ baseUrl: via.baseUrl, signSecret: SIGN_SECRET, getToken: () => tokens[i] });
    });
    let sent = 0;
    let failed = 0;
    const sendLatencies: number[] = [];
    const began = performance.now();
    await Promise.all(
      clients.map(async (client, i) => {
        // Spread the senders over the first interval.
        await new Promise((resolve) => setTimeout(resolve, (i * SEND_EVERY_MS) / SENDERS));
        for (let n = 0; performance.now() - began < DURATION_MS; n++) {
          const id = `b${i}x${n}`;
          const planned = performance.now() + SEND_EVERY_MS;
          const at = performance.now();
          sentAt.set(id, at);
          try {
            await client.call(chatSend, {
              receiver_id: ids[i + half] as number,
              content: `第 ${n} 条`,
              client_msg_id: id,
            });
            sendLatencies.push(performance.now() - at);
            sent++;
          } catch {
            failed++;
            sentAt.delete(id);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, planned - performance.now())));
        }
      }),
    );
    // Stragglers: wait up to 5 s for the last deliveries.
    for (let waited = 0; latencies.length < sent && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsed = (performance.now() - began) / 1000;
    if (failed > 0) log(`  ${failed} sends failed`);
    latencies.sort((x, y) => x - y);
    sendLatencies.sort((x, y) => x - y);
    return {
      sockets: sockets.length,
      senders: SENDERS,
      sent,
      delivered: latencies.length,
      lost: sent - latencies.length,
      duplicated,
      messagesPerSecond: Math.round(latencies.length / elapsed),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      send: { p50: percentile(sendLatencies, 50), p99: percentile(sendLatencies, 99) },
      hello,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await scratch.drop();
    await deleteRedisKeys(REDIS_URL, keyPrefix);
  }
}

export function printFanout(result: FanoutResult): void {
  console.log(
    `\nchat fan-out: ${result.sockets} sockets on two processes, ${result.senders} sending, every delivery through Redis`,
  );
  console.table({
    'delivery (send → receiver socket)': {
      'p50 ms': result.p50,
      'p95 ms': result.p95,
      'p99 ms': result.p99,
      'p99 / hello p99': (result.p99 / result.hello.p99).toFixed(1),
    },
    'send call (HTTP answer)': { 'p50 ms': result.send.p50, 'p95 ms': '', 'p99 ms': result.send.p99 },
    'hello (one client)': { 'p50 ms': result.hello.p50, 'p95 ms': result.hello.p95, 'p99 ms': result.hello.p99 },
  });
  const verdict = result.p99 < FANOUT_P99_TARGET_MS ? 'met' : 'MISSED';
  console.log(
    `messages: ${result.sent} sent, ${result.delivered} delivered (${result.lost} lost, ${result.duplicated} duplicated), ` +
      `${result.messagesPerSecond} messages/s; delivery p99 ${result.p99} ms (target < ${FANOUT_P99_TARGET_MS} ms: ${verdict})`,
  );
}
