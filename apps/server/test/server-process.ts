import { type ChildProcess, spawn } from 'node:child_process';
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

/**
 * Starts the real entry point (src/main.ts) as its own process on a free port, with
 * `env` on top of this process's environment and `nodeArgs` before it (preloads), and
 * answers once it says it is serving.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  nodeArgs?: readonly string[];
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SERVE_WEB: 'false', LOG_LEVEL: 'info', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), options.timeoutMs ?? 60_000);
    const check = () => {
      const match = /serving http:\/\/localhost:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${code}):\n${out}`));
    });
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
