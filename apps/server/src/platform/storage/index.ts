import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { LocalStorage, StorageProvider } from './types.ts';

export { assertStorageKey, isValidStorageKey } from './keys.ts';
export type { LocalStorage, S3Storage, StorageProvider, StoredObjectInfo } from './types.ts';

type StorageConfig = Pick<
  Config,
  | 'STORAGE'
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PUBLIC_URL'
>;

/**
 * The storage provider the configuration names: STORAGE=local (files under
 * DATA_DIR/files) or STORAGE=s3 (an S3-compatible bucket; config.ts has refused to start
 * without its endpoint, bucket and keys).
 */
export function createStorage(config: StorageConfig): StorageProvider {
  switch (config.STORAGE) {
    case 'local':
      return createLocalStorage(config.DATA_DIR);
    case 's3': {
      const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
      if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
        throw new Error('STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
      }
      return createS3Storage({
        endpoint: S3_ENDPOINT,
        bucket: S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
        publicUrl: s3PublicBase(config) ?? '',
      });
    }
  }
}

/** Where browsers fetch S3-stored files: S3_PUBLIC_URL, else `<S3_ENDPOINT>/<S3_BUCKET>`; null unless STORAGE=s3. */
export function s3PublicBase(
  config: Pick<Config, 'STORAGE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_PUBLIC_URL'>,
): string | null {
  if (config.STORAGE !== 's3' || !config.S3_ENDPOINT || !config.S3_BUCKET) return null;
  return (config.S3_PUBLIC_URL ?? `${config.S3_ENDPOINT.replace(/\/+$/, '')}/${config.S3_BUCKET}`).replace(/\/+$/, '');
}

/** The provider as local storage, for code that needs files on disk (/files, tests); throws otherwise. */
export function localStorageOf(storage: StorageProvider): LocalStorage {
  if (storage.kind !== 'local') throw new Error(`this needs STORAGE=local (the provider is ${storage.kind})`);
  return storage;
}
