import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SIGNED_URL_SECONDS } from '../../../contract/images';
import type {
  DownloadTarget,
  FileStorage,
  PresignedDownload,
  PresignedUpload,
  S3Settings,
  TemporaryCredential,
  UploadTarget,
} from './fileStorage';
import { contentDisposition, servedContentType } from './layout';

/** The identity pool the credential names: the browser gets no S3 keys, only pre-signed URLs. */
export const S3_IDENTITY_POOL_PREFIX = 's3:';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Files in one bucket of an S3-compatible store: the portal's bucket `b` and key `k` are the object `b/k` of
 * S3_BUCKET (one bucket to create, one CORS rule, one policy). Addressed by path (`<endpoint>/<bucket>/<key>`), which
 * every S3-compatible store serves. The browser reaches it only through URLs signed here.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    const { accessKeyId, secretAccessKey } = settings;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: true,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // A checksum of the empty body would be signed into upload URLs, and GET URLs would ask for checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The origin of the store's URLs, which the browser talks to (the portal's CSP allows it). */
  get origin(): string {
    return new URL(this.settings.endpoint ?? `https://s3.${this.settings.region}.amazonaws.com`).origin;
  }

  private object(bucket: string, key: string) {
    return { Bucket: this.settings.bucket, Key: `${bucket}/${key}` };
  }

  /** Content-Type and Content-Length are signed: the store refuses another type or any other length. */
  async presignUpload(target: UploadTarget): Promise<PresignedUpload> {
    const command = new PutObjectCommand({
      ...this.object(target.bucket, target.key),
      ContentType: target.contentType,
      ContentLength: target.maxBytes,
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: SIGNED_URL_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    // The browser sets Content-Length from the file itself; it may not be set by script.
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': target.contentType },
      expiresInSeconds: SIGNED_URL_SECONDS,
    };
  }

  /** Served with the type of its extension, whatever the upload said, and saved under its name. */
  async presignDownload(target: DownloadTarget): Promise<PresignedDownload> {
    const command = new GetObjectCommand({
      ...this.object(target.bucket, target.key),
      ResponseContentType: servedContentType(target.key),
      ResponseContentDisposition: contentDisposition(target.key, target.fileName),
      ResponseCacheControl: `private, max-age=${SIGNED_URL_SECONDS}`,
    });
    const url = await getSignedUrl(this.client, command, { expiresIn: SIGNED_URL_SECONDS });
    return { url, expiresInSeconds: SIGNED_URL_SECONDS };
  }

  /** The same shape as the local store's; no token, since the browser never talks to S3 with credentials. */
  async temporaryCredential(identity: { identityId: string; userId: number }): Promise<TemporaryCredential> {
    return {
      region: this.settings.region,
      identityPoolId: `${S3_IDENTITY_POOL_PREFIX}${this.settings.bucket}`,
      identityId: identity.identityId,
      token: '',
    };
  }

  async putObject(bucket: string, key: string, body: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ ...this.object(bucket, key), Body: body, ContentType: servedContentType(key) }),
    );
  }

  async hasObject(bucket: string, key: string): Promise<boolean> {
    return (await this.objectSize(bucket, key)) !== null;
  }

  async objectSize(bucket: string, key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand(this.object(bucket, key)));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.object(bucket, key)));
  }

  /** A ranged GET: only the bytes asked for travel. */
  async readHead(bucket: string, key: string, bytes: number): Promise<Buffer | null> {
    try {
      const found = await this.client.send(
        new GetObjectCommand({ ...this.object(bucket, key), Range: `bytes=0-${Math.max(0, bytes - 1)}` }),
      );
      const body = Buffer.from((await found.Body?.transformToByteArray()) ?? []);
      return body.subarray(0, bytes);
    } catch (error) {
      if (isMissing(error)) return null;
      // An empty object has no byte 0.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async open(bucket: string, key: string): Promise<{ size: number; stream: Readable } | null> {
    try {
      const found = await this.client.send(new GetObjectCommand(this.object(bucket, key)));
      return { size: found.ContentLength ?? 0, stream: found.Body as Readable };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
