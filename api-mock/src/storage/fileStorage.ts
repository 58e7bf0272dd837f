/**
 * The file store behind pre-signed URLs (DESIGN.md "Files"). The routes only sign and check; the bytes travel
 * between the browser and the store. The local-disk store is the only one: `STORAGE=s3` needs
 * @aws-sdk/s3-request-presigner, which is not installed.
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

export interface FileStorage {
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
}
