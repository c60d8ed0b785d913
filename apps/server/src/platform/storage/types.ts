import type { Readable } from 'node:stream';
import type { PresignedPost } from './sigv4.ts';

export type StoredObjectInfo = { size: number; modifiedAt: Date };

/**
 * What every storage provider does. Keys are relative paths such as
 * `seed/posts/12-1.jpg` (see keys.ts); every method refuses an invalid key with
 * FILE_KEY_INVALID.
 */
type StorageOperations = {
  /** Stores `data` under `key`, replacing what was there, atomically. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `sourcePath` (left in place) under `key`, streaming: for videos. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The whole file; throws FILE_NOT_FOUND. */
  get(key: string): Promise<Buffer>;
  /** A read stream over the file; throws FILE_NOT_FOUND. */
  open(key: string): Promise<Readable>;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file and its variants; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Where browsers fetch the file: `/files/<key>` on this site, or the bucket's public URL. */
  publicUrl(key: string): string;
  /** The Content-Type the file is served with (from the key's extension). */
  contentTypeOf(key: string): string;
};

/** Files on this machine's disk, served at /files with Qiniu-style processing. */
export type LocalStorage = StorageOperations & {
  readonly kind: 'local';
  /** Originals: `${DATA_DIR}/files`. */
  readonly filesDir: string;
  /** Processed variants (resized images, video frames): `${DATA_DIR}/cache`. */
  readonly cacheDir: string;
  /** Absolute path of the file on this machine's disk. */
  localPath(key: string): string;
};

/** An S3-compatible bucket (STORAGE=s3); browsers upload to it with a presigned POST. */
export type S3Storage = StorageOperations & {
  readonly kind: 's3';
  /** A form that lets a browser put one object at `key` of at most `maxBytes`. */
  presignedPost(key: string, options: { maxBytes: number; expiresInS: number }): PresignedPost;
};

/** Where uploaded and seeded files live (STORAGE). */
export type StorageProvider = LocalStorage | S3Storage;
