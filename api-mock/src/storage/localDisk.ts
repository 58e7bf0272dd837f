import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SIGNED_URL_SECONDS } from '../../../contract/images';
import type {
  DownloadTarget,
  FileStorage,
  PresignedDownload,
  PresignedUpload,
  TemporaryCredential,
  UploadTarget,
} from './fileStorage';
import { readHead } from './imageFormat';
import {
  checkFileGrant,
  issueStorageToken,
  loadSigningSecret,
  signedFileUrl,
  Signer,
  type FileGrant,
  type GrantCheck,
} from './signing';

/** Partial uploads are written here first, then moved into place, so a refused upload leaves nothing. */
const TEMP_FOLDER = '.incoming';

export const LOCAL_REGION = 'local';
export const LOCAL_IDENTITY_POOL = 'local:portal-files';

class TooLarge extends Error {}

export type UploadOutcome =
  { ok: true; size: number; sha256: string } | { ok: false; reason: 'tooLarge' | 'empty' | 'aborted' };

/**
 * Files in a folder on disk: `<root>/<bucket>/<key>`. The server signs its own URLs (HMAC) and serves them with
 * the routes of images/router.ts. Without a root it uses a temporary folder, made on first use.
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local';
  private resolvedRoot: string | undefined;
  private signerOnce: Signer | undefined;

  constructor(
    private readonly configuredRoot: string | undefined,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get root(): string {
    this.resolvedRoot ??= this.configuredRoot ?? mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
    return this.resolvedRoot;
  }

  private get signer(): Signer {
    this.signerOnce ??= new Signer(loadSigningSecret(this.root));
    return this.signerOnce;
  }

  private expiry(): number {
    return Math.floor(this.now() / 1000) + SIGNED_URL_SECONDS;
  }

  /** The file of an object; keys are checked by the contract's ResourceKey, and this stays inside the root. */
  private fileOf(bucket: string, key: string): string {
    const bucketDir = path.resolve(this.root, bucket);
    const file = path.resolve(bucketDir, key);
    if (!file.startsWith(`${bucketDir}${path.sep}`)) throw new Error(`key outside its bucket: ${key}`);
    return file;
  }

  async presignUpload(target: UploadTarget): Promise<PresignedUpload> {
    const url = signedFileUrl(this.signer, { method: 'PUT', ...target, expires: this.expiry() });
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': target.contentType },
      expiresInSeconds: SIGNED_URL_SECONDS,
    };
  }

  async presignDownload(target: DownloadTarget): Promise<PresignedDownload> {
    const url = signedFileUrl(this.signer, { method: 'GET', ...target, expires: this.expiry() });
    return { url, expiresInSeconds: SIGNED_URL_SECONDS };
  }

  async temporaryCredential(identity: { identityId: string; userId: number }): Promise<TemporaryCredential> {
    const token = issueStorageToken(this.signer, { ...identity, expires: this.expiry() });
    return { region: LOCAL_REGION, identityPoolId: LOCAL_IDENTITY_POOL, identityId: identity.identityId, token };
  }

  async putObject(bucket: string, key: string, body: Buffer): Promise<void> {
    const file = this.fileOf(bucket, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  }

  async hasObject(bucket: string, key: string): Promise<boolean> {
    return stat(this.fileOf(bucket, key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async objectSize(bucket: string, key: string): Promise<number | null> {
    const found = await stat(this.fileOf(bucket, key)).catch(() => null);
    return found?.isFile() ? found.size : null;
  }

  async deleteObject(bucket: string, key: string): Promise<void> {
    await rm(this.fileOf(bucket, key), { force: true });
  }

  async readHead(bucket: string, key: string, bytes: number): Promise<Buffer | null> {
    const found = await this.open(bucket, key);
    return found && readHead(found.stream, bytes);
  }

  /** Check the signature and expiry of a request to a file URL. */
  checkGrant(
    target: Pick<FileGrant, 'method' | 'bucket' | 'key'>,
    query: Record<string, string | undefined>,
  ): GrantCheck {
    return checkFileGrant(this.signer, target, query, Math.floor(this.now() / 1000));
  }

  /**
   * Stream an upload to disk, counting and hashing the bytes: beyond `maxBytes` it stops and keeps nothing. The
   * source is never destroyed here, so the caller can still answer.
   */
  async receive(bucket: string, key: string, maxBytes: number, source: Readable): Promise<UploadOutcome> {
    const tempDir = path.join(this.root, TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, randomBytes(12).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new TooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const abort = () => {
      if (!source.readableEnded) limiter.destroy(new Error('upload aborted'));
    };
    source.once('error', abort);
    source.once('close', abort);
    source.pipe(limiter);
    try {
      await pipeline(limiter, createWriteStream(temp));
    } catch (error) {
      source.unpipe(limiter);
      await rm(temp, { force: true });
      return { ok: false, reason: error instanceof TooLarge ? 'tooLarge' : 'aborted' };
    } finally {
      source.off('error', abort);
      source.off('close', abort);
    }
    if (size === 0) {
      await rm(temp, { force: true });
      return { ok: false, reason: 'empty' };
    }
    const file = this.fileOf(bucket, key);
    await mkdir(path.dirname(file), { recursive: true });
    await rename(temp, file);
    return { ok: true, size, sha256: hash.digest('hex') };
  }

  /** A stored object to send, or null when there is none. */
  async open(bucket: string, key: string): Promise<{ size: number; stream: ReadStream } | null> {
    const file = this.fileOf(bucket, key);
    const found = await stat(file).catch(() => null);
    if (!found?.isFile()) return null;
    return { size: found.size, stream: createReadStream(file) };
  }
}
