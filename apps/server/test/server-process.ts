import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything it printed so far. */
  output(): string;
  /** Sends `signal` (SIGTERM by default) and answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real entry point (src/main.ts) as its own process on a free port, with
 * `env` on top of this process's environment and `nodeArgs` before it (preloads), and
 * answers once /readyz answers (whatever LOG_LEVEL says).
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  nodeArgs?: readonly string[];
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited early (${exitCode}):\n${out}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    port,
    baseUrl,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
