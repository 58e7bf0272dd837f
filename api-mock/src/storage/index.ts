import type { AppConfig } from '../deps';
import type { FileStorage, S3Settings } from './fileStorage';
import { LocalDiskStorage } from './localDisk';
import { S3Storage } from './s3Storage';

export type { FileStorage, S3Settings } from './fileStorage';
export { LocalDiskStorage } from './localDisk';
export { S3Storage } from './s3Storage';

const localStores = new WeakMap<AppConfig, LocalDiskStorage>();
const s3Stores = new WeakMap<AppConfig, S3Storage>();

/**
 * The folder store of an app: it holds the files unless the app stores them on S3, and always the signing secret
 * (when STORAGE_SECRET is not set) and the routes of its own signed URLs.
 */
export function localStorageOf(config: AppConfig): LocalDiskStorage {
  let store = localStores.get(config);
  if (!store) {
    store = new LocalDiskStorage(config.filesDir);
    localStores.set(config, store);
  }
  return store;
}

/** The file store of an app: one per app config, so the routes and the server start-up share it. */
export function storageOf(config: AppConfig): FileStorage {
  if (!config.s3) return localStorageOf(config);
  let store = s3Stores.get(config);
  if (!store) {
    store = new S3Storage(config.s3);
    s3Stores.set(config, store);
  }
  return store;
}

/** The origin the browser sends files to and reads them from, when it is not the portal's own. */
export const storageOriginOf = (config: AppConfig): string | undefined =>
  config.s3 ? (storageOf(config) as S3Storage).origin : undefined;

/**
 * The S3 store named by the environment (README "Files on S3"): STORAGE=s3 with S3_BUCKET, S3_REGION, S3_ENDPOINT
 * and S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY; undefined for STORAGE=local or unset. Anything else is refused
 * rather than quietly served from disk.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const kind = env.STORAGE || 'local';
  if (kind === 'local') return undefined;
  if (kind !== 's3') throw new Error(`STORAGE=${kind} is not a file store: use local (the default) or s3`);
  if (!env.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both out)');
  }
  if (env.S3_ENDPOINT && !/^https?:\/\//i.test(env.S3_ENDPOINT)) throw new Error('S3_ENDPOINT must be an http(s) URL');
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}
