import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../apps/server/src/modules/accounts/accounts.tables.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDatabase, type Database, runMigrations } from '../apps/server/src/platform/db.ts';
import { grantAdmin, main, parseGrantArgs } from './grant-admin.ts';

function recorder() {
  const lines: { log: string[]; error: string[] } = { log: [], error: [] };
  return { lines, out: { log: (l: string) => lines.log.push(l), error: (l: string) => lines.error.push(l) } };
}

describe('parseGrantArgs', () => {
  it('reads --uid, or --mobile with --acode (default 86), and --revoke', () => {
    expect(parseGrantArgs(['--uid', '12'])).toEqual({ who: { uid: 12 }, revoke: false, force: false });
    expect(parseGrantArgs(['--mobile', '138 0000-0000', '--revoke'])).toEqual({
      who: { acode: '86', mobile: '13800000000' },
      revoke: true,
      force: false,
    });
    expect(parseGrantArgs(['--mobile', '91234567', '--acode', '+852']).who).toEqual({
      acode: '852',
      mobile: '91234567',
    });
  });

  it('refuses missing, doubled or malformed flags with a bilingual message', () => {
    expect(() => parseGrantArgs([])).toThrow(/请给出 --uid 或 --mobile.*exactly one/);
    expect(() => parseGrantArgs(['--uid', '1', '--mobile', '13800000000'])).toThrow(/exactly one/);
    expect(() => parseGrantArgs(['--uid', 'abc'])).toThrow(/--uid 须为正整数/);
    expect(() => parseGrantArgs(['--uid', '0'])).toThrow(/positive/);
    expect(() => parseGrantArgs(['--mobile', '12'])).toThrow(/5–15/);
    expect(() => parseGrantArgs(['--uid', '1', '--acode', '86'])).toThrow(/--acode/);
    expect(() => parseGrantArgs(['--who', '1'])).toThrow();
  });
});

describe('the admin:grant command', () => {
  let dataDir: string;
  let env: Record<string, string>;

  async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = await createDatabase(loadConfig(env));
    try {
      await runMigrations(database);
      return await fn(database);
    } finally {
      await database.close();
    }
  }

  async function roleOf(uid: number) {
    return withDb(async ({ db }) => (await db.select().from(users).where(eq(users.id, uid)))[0]?.role);
  }

  let alice: number;
  let bob: number;
  let gone: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-grant-admin-'));
    env = { DATA_DIR: dataDir };
    await withDb(async ({ db }) => {
      const rows = await db
        .insert(users)
        .values([
          { nickname: '小安', acode: '86', mobile: '13800000001' },
          { nickname: '小波', acode: '852', mobile: '91234567' },
          { nickname: '已注销', deletedAt: new Date() },
        ])
        .returning({ id: users.id });
      [alice, bob, gone] = rows.map((r) => r.id) as [number, number, number];
    });
  }, 120_000);

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('grants and revokes by uid on the PGlite files under DATA_DIR', async () => {
    const first = recorder();
    expect(await main(['--uid', String(alice)], env, first.out)).toBe(0);
    expect(first.lines.log.join('\n')).toMatch(/已授予 小安（ID \d+）管理员权限.*is now an admin/);
    expect(first.lines.log.join('\n')).toContain(path.join(dataDir, 'pglite'));
    expect(await roleOf(alice)).toBe('admin');

    const again = recorder();
    expect(await main(['--uid', String(alice)], env, again.out)).toBe(0);
    expect(again.lines.log.join('\n')).toMatch(/已经是管理员.*already an admin/);

    const revoke = recorder();
    expect(await main(['--uid', String(alice), '--revoke'], env, revoke.out)).toBe(0);
    expect(revoke.lines.log.join('\n')).toMatch(/已收回 小安（ID \d+）的管理员权限.*no longer an admin/);
    expect(await roleOf(alice)).toBe('user');
  }, 60_000);

  it('finds a user by phone number and area code', async () => {
    const wrongArea = recorder();
    expect(await main(['--mobile', '91234567'], env, wrongArea.out)).toBe(1);
    expect(wrongArea.lines.error.join('\n')).toMatch(/找不到用户 \+86 91234567.*no user/);
    expect(await roleOf(bob)).toBe('user');

    const ok = recorder();
    expect(await main(['--mobile', '91234567', '--acode', '852'], env, ok.out)).toBe(0);
    expect(await roleOf(bob)).toBe('admin');
  }, 60_000);

  it('refuses unknown and deleted users, and bad flags, changing nothing', async () => {
    const missing = recorder();
    expect(await main(['--uid', '987654'], env, missing.out)).toBe(1);
    expect(missing.lines.error.join('\n')).toMatch(/找不到用户 ID 987654/);
    const deleted = recorder();
    expect(await main(['--uid', String(gone)], env, deleted.out)).toBe(1);
    expect(await roleOf(gone)).toBe('user');

    const bad = recorder();
    expect(await main(['--uid'], env, bad.out)).toBe(2);
    expect(bad.lines.error.join('\n')).toContain('用法 / Usage: npm run admin:grant');
  }, 60_000);

  it('will not open the embedded database while another process has it open', async () => {
    const pidFile = path.join(dataDir, 'pglite', 'postmaster.pid');
    await writeFile(pidFile, '-42\n');
    try {
      const busy = recorder();
      expect(await main(['--uid', String(alice)], env, busy.out)).toBe(1);
      expect(busy.lines.error.join('\n')).toMatch(/正在被另一个进程使用.*\n.*is the server running/);
      expect(await roleOf(alice)).toBe('user');
    } finally {
      await rm(pidFile, { force: true });
    }
  }, 60_000);
});

describe('grantAdmin', () => {
  it('works on any database handle (PostgreSQL too: the same Drizzle calls)', async () => {
    const database = await createDatabase(loadConfig({ DATABASE_URL: 'memory://' }));
    try {
      await runMigrations(database);
      const [user] = await database.db.insert(users).values({ nickname: '小车' }).returning();
      const args = { who: { uid: user?.id ?? 0 }, revoke: false, force: false };
      expect(await grantAdmin(database.db, args)).toMatchObject({ kind: 'changed', role: 'admin' });
      expect(await grantAdmin(database.db, args)).toMatchObject({ kind: 'unchanged', role: 'admin' });
    } finally {
      await database.close();
    }
  }, 60_000);
});
