// A load or latency client in its own Node process (so its work does not share the
// server's event loop), answering the JSON it prints.
import { spawn } from 'node:child_process';

/** Runs `node <args…>` and parses what it printed as JSON; rejects when it exits non-zero. */
export function runNodeJson<T>(args: readonly string[], name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${name} exited with ${code}`));
      resolve(JSON.parse(out) as T);
    });
  });
}
