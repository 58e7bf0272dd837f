import type { Readable } from 'node:stream';

/**
 * The file store behind pre-signed URLs (DESIGN.md "Files"). The routes only sign and check; the bytes travel
 * between the browser and the store: a folder on the server's disk (localDisk.ts) or an S3-compatible object store
 * (s3Storage.ts, `STORAGE=s3`).
 */
export interface UploadTarget {
  bucket: string;
  key: string;
  /** The upload must carry exactly this Content-Type. */
  contentType: string;
  /** The upload may carry at most this many bytes. */
  maxBytes: number;
}

export interface DownloadTarget {
  bucket: string;
  key: string;
  /** The name the browser saves the file under. */
  fileName?: string;
}

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresInSeconds: number;
}

export interface PresignedDownload {
  url: string;
  expiresInSeconds: number;
}

export interface TemporaryCredential {
  region: string;
  identityPoolId: string;
  identityId: string;
  token: string;
}

/** Where an S3-compatible store is and how to reach it (README "Files on S3"). */
export interface S3Settings {
  /** The store's URL (S3_ENDPOINT); absent: AWS S3 of the region. */
  endpoint?: string;
  /** The one bucket holding every file; the portal's logical buckets are key prefixes in it. */
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  presignUpload(target: UploadTarget): Promise<PresignedUpload>;
  presignDownload(target: DownloadTarget): Promise<PresignedDownload>;
  /** Credentials for the customer's folder (identityId), for the signed-in user. */
  temporaryCredential(identity: { identityId: string; userId: number }): Promise<TemporaryCredential>;
  /** Store bytes directly (the demo world's files). */
  putObject(bucket: string, key: string, body: Buffer): Promise<void>;
  hasObject(bucket: string, key: string): Promise<boolean>;
  /** The size in bytes of a stored object, or null when there is none. */
  objectSize(bucket: string, key: string): Promise<number | null>;
  /** Remove a stored object; removing one that is not there is not an error. */
  deleteObject(bucket: string, key: string): Promise<void>;
  /** The first `bytes` bytes of a stored object (fewer when it is shorter), or null when there is none. */
  readHead(bucket: string, key: string, bytes: number): Promise<Buffer | null>;
  /** A stored object to read whole, or null when there is none. */
  open(bucket: string, key: string): Promise<{ size: number; stream: Readable } | null>;
}
