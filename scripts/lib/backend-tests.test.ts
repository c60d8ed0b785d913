// The PostgreSQL pass's file list: every test that can reach a backend is on it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendTestFiles } from './backend-tests.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

function serverTests(): string[] {
  return ['apps/server/src', 'apps/server/test'].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join(dir, file)),
  );
}

describe('backend test files', () => {
  const listed = new Set(backendTestFiles());

  it('lists the API tests and leaves out tests that never connect', () => {
    expect(listed.has('apps/server/src/modules/ai/ai.test.ts')).toBe(true);
    expect(listed.has('apps/server/src/platform/jobs.test.ts')).toBe(true);
    expect(listed.has('apps/server/test/two-processes.test.ts')).toBe(true);
    expect(listed.has('apps/server/src/platform/ai/local-image.test.ts')).toBe(false);
    expect(listed.has('apps/server/src/platform/storage/keys.test.ts')).toBe(false);
  });

  it('leaves out no file that builds an app, opens a database or Redis, or reads their URLs', () => {
    const markers =
      /build-test-app|buildTestDatabase|scratch-backends|process-pair|server-process|DATABASE_URL|REDIS_URL|createDatabase|createRedis|buildApp|test\/sockets/;
    const left = serverTests().filter((file) => !listed.has(file));
    expect(left.length).toBeGreaterThan(0);
    for (const file of left) expect(markers.test(readFileSync(path.join(ROOT, file), 'utf8')), file).toBe(false);
  });
});
