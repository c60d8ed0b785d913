import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROC = pathToFileURL(path.join(import.meta.dirname, 'proc.mjs')).href;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-proc-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Whether a process with this pid is still alive. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('exitWhenOrphaned', () => {
  it('stops a server started under `sh -c` (as npm start does) when the shell above it is killed', async () => {
    // Like npm → sh -c → node: the node process prints its pid, then waits; its SIGTERM
    // handler stands for the server's graceful shutdown.
    const server = path.join(dir, 'server.mjs');
    await writeFile(
      server,
      `import { exitWhenOrphaned } from ${JSON.stringify(PROC)};
      exitWhenOrphaned(100);
      process.on('SIGTERM', () => process.exit(0));
      console.log(process.pid);
      setInterval(() => {}, 1000);`,
    );
    const shell = spawn('sh', ['-c', `"${process.execPath}" "${server}"; echo shell-done`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const pid = await new Promise<number>((resolve) => {
      shell.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    });
    expect(isAlive(pid)).toBe(true);

    shell.kill('SIGKILL');
    const deadline = Date.now() + 5000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isAlive(pid)).toBe(false);
  });
});
