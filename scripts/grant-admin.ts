// `npm run admin:grant -- --uid 12` or `-- --mobile 13800000000 [--acode 86]`, with
// `--revoke` to take the role back: gives a user the 'admin' role, which opens the
// moderation queue (/admin/reports). Works on the database DATABASE_URL/DATA_DIR name,
// exactly as the server would open it. The role is read with the session on every
// request, so it takes effect at once, without logging in again.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { users } from '../apps/server/src/modules/accounts/accounts.tables.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { createDatabase, type Db, runMigrations } from '../apps/server/src/platform/db.ts';

export const USAGE = `用法 / Usage: npm run admin:grant -- (--uid <用户ID> | --mobile <手机号> [--acode <区号，默认 86>]) [--revoke]
  --uid N        用户 ID（个人主页上的 ID）/ the user's id (shown on their profile)
  --mobile N     登录手机号 / the phone number they log in with
  --acode N      手机号的国家或地区区号，默认 86 / its country code (default 86)
  --revoke       收回管理员权限 / take the admin role back
  --force        内置数据库（PGlite）看起来正被使用时也继续 / go on even when the embedded database looks in use

内置数据库（未设置 DATABASE_URL）同一时间只能由一个进程打开：请先停止服务器。
The embedded database (DATABASE_URL unset) must not be open in two processes: stop the server first.`;

export type GrantArgs = { who: { uid: number } | { acode: string; mobile: string }; revoke: boolean; force: boolean };

/** Parses the flags; throws with a readable (zh-CN / English) message on a bad one. */
export function parseGrantArgs(argv: readonly string[]): GrantArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      uid: { type: 'string' },
      mobile: { type: 'string' },
      acode: { type: 'string' },
      revoke: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if ((values.uid === undefined) === (values.mobile === undefined)) {
    throw new Error('请给出 --uid 或 --mobile 中的一个 / give exactly one of --uid and --mobile');
  }
  if (values.uid !== undefined) {
    if (!/^\d+$/.test(values.uid) || Number(values.uid) < 1 || !Number.isSafeInteger(Number(values.uid))) {
      throw new Error(`--uid 须为正整数 / --uid must be a positive whole number (got "${values.uid}")`);
    }
    if (values.acode !== undefined) throw new Error('--acode 只能和 --mobile 一起用 / --acode goes with --mobile');
    return { who: { uid: Number(values.uid) }, revoke: values.revoke, force: values.force };
  }
  const mobile = (values.mobile ?? '').replace(/[\s-]/g, '');
  const acode = (values.acode ?? '86').replace(/^\+/, '');
  if (!/^\d{5,15}$/.test(mobile)) {
    throw new Error(`--mobile 须为 5–15 位数字 / --mobile must be 5–15 digits (got "${values.mobile}")`);
  }
  if (!/^\d{1,4}$/.test(acode))
    throw new Error(`--acode 须为 1–4 位数字 / --acode must be 1–4 digits (got "${values.acode}")`);
  return { who: { acode, mobile }, revoke: values.revoke, force: values.force };
}

export type GrantOutcome =
  | { kind: 'not-found' }
  | { kind: 'changed' | 'unchanged'; uid: number; nickname: string; role: 'admin' | 'user' };

/** Sets the role of one live (not deleted) user; answers what happened. */
export async function grantAdmin(db: Db, args: GrantArgs): Promise<GrantOutcome> {
  const role = args.revoke ? 'user' : 'admin';
  const match =
    'uid' in args.who
      ? eq(users.id, args.who.uid)
      : and(eq(users.acode, args.who.acode), eq(users.mobile, args.who.mobile));
  const [user] = await db
    .select({ id: users.id, nickname: users.nickname, role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(match)
    .limit(1);
  if (!user || user.deletedAt) return { kind: 'not-found' };
  if (user.role === role) return { kind: 'unchanged', uid: user.id, nickname: user.nickname, role };
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { kind: 'changed', uid: user.id, nickname: user.nickname, role };
}

/** One line per outcome, in zh-CN and English. */
export function describeOutcome(args: GrantArgs, outcome: GrantOutcome): string {
  if (outcome.kind === 'not-found') {
    const who = 'uid' in args.who ? `ID ${args.who.uid}` : `+${args.who.acode} ${args.who.mobile}`;
    return `✖ 找不到用户 ${who}（不存在或已注销）/ no user ${who} (unknown or deleted)`;
  }
  const who = `${outcome.nickname}（ID ${outcome.uid}）`;
  const whoEn = `${outcome.nickname} (id ${outcome.uid})`;
  if (outcome.kind === 'unchanged') {
    return outcome.role === 'admin'
      ? `✓ ${who} 已经是管理员，无需更改 / ${whoEn} is already an admin`
      : `✓ ${who} 本来就不是管理员，无需更改 / ${whoEn} is not an admin; nothing to revoke`;
  }
  return outcome.role === 'admin'
    ? `✓ 已授予 ${who}管理员权限，可打开 /admin/reports 处理举报 / ${whoEn} is now an admin (moderation queue: /admin/reports)`
    : `✓ 已收回 ${who}的管理员权限 / ${whoEn} is no longer an admin`;
}

type Out = { log: (line: string) => void; error: (line: string) => void };

/** The command: parses, opens the configured database, changes the role; answers the exit code. */
export async function main(argv: readonly string[], env: Record<string, string | undefined>, out: Out = console) {
  let args: GrantArgs;
  try {
    args = parseGrantArgs(argv);
  } catch (error) {
    out.error(`✖ ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig(env);
  // PGlite keeps the database in the process that opened it and writes postmaster.pid
  // while open: a second process (this one, next to a running server) would lose writes.
  const pglite = !config.DATABASE_URL ? path.join(config.DATA_DIR, 'pglite') : null;
  if (pglite && existsSync(path.join(pglite, 'postmaster.pid')) && !args.force) {
    out.error(
      `✖ 内置数据库正在被另一个进程使用（服务器在运行吗？）：请先停止服务器再运行。\n` +
        `  the embedded database is in use by another process (is the server running?): stop it first.\n` +
        `  ${pglite}\n  若确定没有进程在用（例如上次异常退出），可加 --force / if nothing uses it (e.g. after a crash), add --force`,
    );
    return 1;
  }
  const database = await createDatabase(config);
  try {
    await runMigrations(database);
    const outcome = await grantAdmin(database.db, args);
    const line = describeOutcome(args, outcome);
    if (outcome.kind === 'not-found') {
      out.error(line);
      return 1;
    }
    const where = database.kind === 'pglite' ? `PGlite: ${path.join(config.DATA_DIR, 'pglite')}` : 'PostgreSQL';
    out.log(`${line}\n  数据库 / database: ${where}`);
    return 0;
  } catch (error) {
    out.error(`✖ 操作失败 / failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
