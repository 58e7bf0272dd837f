import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file under the storage folder that keeps the signing secret when STORAGE_SECRET is not set. */
export const SECRET_FILE = '.storage-secret';

/**
 * The secret that signs storage URLs and credential tokens: STORAGE_SECRET when set (the same on every server
 * process), else a random one kept in the storage folder so signed URLs survive a restart.
 */
export function loadSigningSecret(root: string, fromEnv = process.env.STORAGE_SECRET): Buffer {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const file = path.join(root, SECRET_FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    mkdirSync(root, { recursive: true });
    const secret = randomBytes(32);
    try {
      // 'wx': when another process wrote it first, keep theirs.
      writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    }
  }
}

/** HMAC-SHA256 over a list of fields (JSON-encoded, so no two lists sign alike). */
export class Signer {
  constructor(private readonly secret: Buffer) {}

  sign(fields: ReadonlyArray<string | number>): string {
    return createHmac('sha256', this.secret).update(JSON.stringify(fields)).digest('base64url');
  }

  verify(fields: ReadonlyArray<string | number>, signature: string): boolean {
    const expected = Buffer.from(this.sign(fields));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** What a pre-signed file URL allows: one method on one object until `expires` (Unix seconds). */
export interface FileGrant {
  method: 'GET' | 'PUT';
  bucket: string;
  key: string;
  expires: number;
  /** PUT: the most bytes the upload may carry (the declared size). */
  maxBytes?: number;
  /** PUT: the Content-Type the upload must carry. */
  contentType?: string;
  /** GET: the name the download is saved under. */
  fileName?: string;
}

/** Path prefix of the server's own file endpoints. */
export const FILES_PREFIX = '/files';

const grantFields = (g: FileGrant) => [
  g.method,
  g.bucket,
  g.key,
  g.expires,
  g.maxBytes ?? '',
  g.contentType ?? '',
  g.fileName ?? '',
];

/** The server-relative URL of a grant: `/files/<bucket>/<key>?expires=..&signature=..`. */
export function signedFileUrl(signer: Signer, grant: FileGrant): string {
  const query = new URLSearchParams({ expires: String(grant.expires) });
  if (grant.maxBytes !== undefined) query.set('maxBytes', String(grant.maxBytes));
  if (grant.contentType !== undefined) query.set('contentType', grant.contentType);
  if (grant.fileName !== undefined) query.set('fileName', grant.fileName);
  query.set('signature', signer.sign(grantFields(grant)));
  const key = grant.key.split('/').map(encodeURIComponent).join('/');
  return `${FILES_PREFIX}/${encodeURIComponent(grant.bucket)}/${key}?${query}`;
}

export type GrantCheck = { ok: true; grant: FileGrant } | { ok: false; reason: 'forged' | 'expired' };

/** Read the grant of a request to a file URL: refused when the signature does not match or it has expired. */
export function checkFileGrant(
  signer: Signer,
  target: { method: 'GET' | 'PUT'; bucket: string; key: string },
  query: Record<string, string | undefined>,
  nowSeconds = Math.floor(Date.now() / 1000),
): GrantCheck {
  const expires = Number(query.expires);
  const maxBytes = query.maxBytes === undefined ? undefined : Number(query.maxBytes);
  if (!Number.isInteger(expires) || (maxBytes !== undefined && !Number.isInteger(maxBytes))) {
    return { ok: false, reason: 'forged' };
  }
  const grant: FileGrant = {
    ...target,
    expires,
    maxBytes,
    contentType: query.contentType,
    fileName: query.fileName,
  };
  if (!signer.verify(grantFields(grant), query.signature ?? '')) return { ok: false, reason: 'forged' };
  if (expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

/** A short-lived bearer token naming the storage identity (the customer's folder) and the user. */
export interface StorageTokenClaims {
  identityId: string;
  userId: number;
  /** Unix seconds. */
  expires: number;
}

export function issueStorageToken(signer: Signer, claims: StorageTokenClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${signer.sign(['storage-token', body])}`;
}
