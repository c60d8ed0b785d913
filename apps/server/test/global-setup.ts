import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedPglite } from '../src/platform/db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) every in-memory test database starts from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run: a migrated in-memory database, dumped to a file that buildTestApp loads
 * instead of running initdb and the migrations again for each test file. Not made when
 * the suite runs on PostgreSQL (DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await (await dumpMigratedPglite()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
