import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import type { StorageProvider } from './types.ts';

export { assertStorageKey, isValidStorageKey } from './keys.ts';
export type { StorageProvider, StoredObjectInfo } from './types.ts';

/** The storage provider the configuration names (STORAGE=local: files under DATA_DIR/files). */
export function createStorage(config: Pick<Config, 'STORAGE' | 'DATA_DIR'>): StorageProvider {
  switch (config.STORAGE) {
    case 'local':
      return createLocalStorage(config.DATA_DIR);
  }
}
