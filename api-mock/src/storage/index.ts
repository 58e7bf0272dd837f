import type { AppConfig } from '../deps';
import { LocalDiskStorage } from './localDisk';

export type { FileStorage } from './fileStorage';
export { LocalDiskStorage } from './localDisk';

const stores = new WeakMap<AppConfig, LocalDiskStorage>();

/**
 * The file store of an app: one per app config, so the routes and the server start-up share it. STORAGE=s3 is
 * refused rather than quietly served from disk: the S3 store needs @aws-sdk/s3-request-presigner.
 */
export function storageOf(config: AppConfig, kind = process.env.STORAGE ?? 'local'): LocalDiskStorage {
  if (kind !== 'local') {
    throw new Error(`STORAGE=${kind} is not available: this server stores files on local disk only (STORAGE=local)`);
  }
  let store = stores.get(config);
  if (!store) {
    store = new LocalDiskStorage(config.filesDir);
    stores.set(config, store);
  }
  return store;
}
