import type { Readable } from 'node:stream';

export type StoredObjectInfo = { size: number; modifiedAt: Date };

/**
 * Where uploaded and seeded files live. Keys are relative paths such as
 * `seed/posts/12-1.jpg` (see keys.ts); every method refuses an invalid key with
 * FILE_KEY_INVALID. Only the local-disk provider exists so far; an S3-compatible one
 * joins this union when STORAGE=s3 arrives.
 */
export type StorageProvider = {
  readonly kind: 'local';
  /** Originals: `${DATA_DIR}/files`. */
  readonly filesDir: string;
  /** Processed variants (resized images, video frames): `${DATA_DIR}/cache`. */
  readonly cacheDir: string;
  /** Stores `data` under `key`, replacing what was there, atomically. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The whole file; throws FILE_NOT_FOUND. */
  get(key: string): Promise<Buffer>;
  /** A read stream over the file; throws FILE_NOT_FOUND. */
  open(key: string): Promise<Readable>;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file and its variants; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The Content-Type the file is served with (from the key's extension). */
  contentTypeOf(key: string): string;
  /** Absolute path of the file on this machine's disk. */
  localPath(key: string): string;
};
