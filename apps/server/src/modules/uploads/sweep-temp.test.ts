import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { uploadTempRoot } from '../../platform/receive-upload.ts';
import { STALE_UPLOAD_DIR_MS, sweepStaleUploadDirs } from './sweep-temp.ts';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** A work folder with a file in it, last changed `ageMs` ago. */
async function workDir(root: string, name: string, ageMs: number): Promise<void> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'original'), 'bytes');
  const when = new Date(Date.now() - ageMs);
  await utimes(dir, when, when);
}

describe('sweepStaleUploadDirs', () => {
  it('removes the work folders older than the limit and keeps the younger ones', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'sweep-'));
    roots.push(root);
    await workDir(root, 'upload-crashed', STALE_UPLOAD_DIR_MS + 60_000);
    await workDir(root, 'complete-crashed', 2 * STALE_UPLOAD_DIR_MS);
    await workDir(root, 'upload-live', 60_000);
    expect(await sweepStaleUploadDirs(root, STALE_UPLOAD_DIR_MS)).toBe(2);
    expect(await readdir(root)).toEqual(['upload-live']);
  });

  it('answers 0 when there is no folder yet', async () => {
    expect(await sweepStaleUploadDirs(path.join(tmpdir(), `missing-${Date.now()}`), 1)).toBe(0);
  });

  it('runs when the server starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sweep-data-'));
    roots.push(dataDir);
    const root = uploadTempRoot({ DATA_DIR: dataDir });
    await workDir(root, 'upload-crashed', STALE_UPLOAD_DIR_MS + 60_000);
    await workDir(root, 'upload-live', 0);
    const t = await buildTestApp({ DATA_DIR: dataDir });
    try {
      await t.app.ready();
      await expect.poll(() => readdir(root)).toEqual(['upload-live']);
    } finally {
      await t.close();
    }
  });
});
