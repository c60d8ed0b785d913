// The server as `npm start` runs it, for the verify commands: the compiled production
// build (scripts/lib/server-build.mjs, rebuilt when its sources changed) in its own
// process with NODE_ENV=production, on a free port, answering once /readyz answers. One
// process per call, so a command can SIGKILL it and start another on the same data.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../../apps/server/test/server-process.ts';
import { ensureServerBuild } from '../lib/server-build.mjs';

/** What the verify commands keep of a server's output: the tail tells why it failed. */
const OUTPUT_TAIL_CHARS = 64 * 1024;

export type ProductionServer = {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** The last OUTPUT_TAIL_CHARS of what it printed. */
  output(): string;
  /** Log lines at level error or fatal so far (pino's 50 and 60). */
  errorLines(): number;
  /** Resident memory now, in MB (from /proc; NaN once it is gone). */
  rssMb(): number;
  /** Sends `signal` and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

let compiled: Promise<string> | null = null;

/** The compiled entry (built once per command); the command fails when it cannot be built. */
export function compiledServer(): Promise<string> {
  compiled ??= ensureServerBuild().then((outfile: string | null) => {
    if (!outfile) throw new Error('the server could not be compiled / 服务端编译失败');
    return outfile;
  });
  return compiled;
}

/** Resident set size of process `pid` in MB, read from /proc (Linux). */
export function rssOfPid(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export async function startProductionServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ProductionServer> {
  const entry = await compiledServer();
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errors = 0;
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    errors += text.match(/"level":(50|60)\b/g)?.length ?? 0;
    out = (out + text).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone()) throw new Error(`the server exited while starting / 服务启动失败:\n${out}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready / 服务未能就绪:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = child.pid ?? -1;
  return {
    child,
    pid,
    baseUrl,
    output: () => out,
    errorLines: () => errors,
    rssMb: () => rssOfPid(pid),
    async stop(signal = 'SIGTERM') {
      if (!gone()) child.kill(signal);
      await exited;
    },
  };
}
