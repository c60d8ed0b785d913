import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '@evcircle/contract';
import send from '@fastify/send';
import { assertStorageKey } from './keys.ts';
import type { LocalStorage, StoredObjectInfo } from './types.ts';
import { variantDir } from './variant-cache.ts';

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** `image/jpeg; charset=x` → `image/jpeg`. */
function essence(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/**
 * Files on local disk: `${dataDir}/files/<key>`, processed variants under
 * `${dataDir}/cache/`. The served Content-Type comes from the key's extension, so `put`
 * refuses a declared type that contradicts it.
 */
export function createLocalStorage(dataDir: string): LocalStorage {
  const filesDir = path.join(dataDir, 'files');
  const cacheDir = path.join(dataDir, 'cache');
  const localPath = (key: string) => path.join(filesDir, assertStorageKey(key));

  async function statFile(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await stat(localPath(key));
      if (!info.isFile()) return null;
      return { size: info.size, modifiedAt: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Writes through a temp file beside the target and renames it: readers never see half a file. */
  async function writeAtomically(key: string, contentType: string, write: (temp: string) => Promise<void>) {
    const file = localPath(key);
    const implied = send.mime.getType(key);
    if (implied && essence(contentType) !== implied) {
      throw new Error(`Storage key ${key} implies ${implied} but the data was declared ${contentType}`);
    }
    await mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    // Variants rendered from the previous bytes are stale now.
    await rm(variantDir(cacheDir, key), { recursive: true, force: true });
  }

  return {
    kind: 'local',
    filesDir,
    cacheDir,
    localPath,
    publicUrl(key) {
      return `/files/${assertStorageKey(key)}`;
    },
    contentTypeOf(key) {
      return send.mime.getType(assertStorageKey(key)) ?? 'application/octet-stream';
    },

    async put(key, data, contentType) {
      await writeAtomically(key, contentType, (temp) => writeFile(temp, data, { flag: 'wx' }));
    },

    async putFile(key, sourcePath, contentType) {
      await writeAtomically(key, contentType, (temp) => copyFile(sourcePath, temp));
    },

    async get(key) {
      try {
        return await readFile(localPath(key));
      } catch (error) {
        if (isMissing(error)) throw new AppError('FILE_NOT_FOUND');
        throw error;
      }
    },

    async open(key) {
      if (!(await statFile(key))) throw new AppError('FILE_NOT_FOUND');
      return createReadStream(localPath(key)) as Readable;
    },

    stat: statFile,

    async exists(key) {
      return (await statFile(key)) !== null;
    },

    async delete(key) {
      await rm(localPath(key), { force: true });
      await rm(variantDir(cacheDir, key), { recursive: true, force: true });
    },
  };
}
