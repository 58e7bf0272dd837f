import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../api-mock/src/storage';

/** s3rver's own account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
export const TEST_S3_BUCKET = 'portal-files';

export interface TestS3Server {
  /** What the portal needs to store its files there. */
  settings: S3Settings;
  close(): Promise<void>;
}

/** The store's CORS rule: the portal's origin may PUT (with its Content-Type) and GET, as the README says. */
const corsRules = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>content-type</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Whether a pre-signed (query) SigV4 request carries the signature of exactly what it sends: method, path, query and
 * every signed header (Content-Type, Content-Length, Host) with the values it was signed with. s3rver checks the
 * expiry of such URLs but skips the signature; AWS S3, MinIO and the others check it as this does.
 */
function presignedSignatureHolds(request: IncomingMessage): boolean {
  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
  const params = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [decodeURIComponent(name), decodeURIComponent(value)] as const;
    });
  const param = (name: string) => params.find(([key]) => key === name)?.[1] ?? '';
  const [accessKeyId, ...scopeParts] = param('X-Amz-Credential').split('/');
  if (accessKeyId !== ACCESS_KEY_ID || scopeParts.length !== 4) return false;
  const signedHeaders = param('X-Amz-SignedHeaders').split(';');
  const headerLines = signedHeaders.map((name) => {
    const value = request.headers[name];
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    headerLines.join(''),
    signedHeaders.join(';'),
    param('X-Amz-Content-Sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = scopeParts.join('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    param('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const [date = '', region = '', service = ''] = scopeParts;
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(param('X-Amz-Signature'));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const refuse = (response: ServerResponse) => {
  response.writeHead(403, {
    'Content-Type': 'application/xml',
    Connection: 'close',
    'Access-Control-Allow-Origin': '*',
  });
  response.end(
    '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code>' +
      '<Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
  );
};

/**
 * A real S3-compatible server (s3rver) in this process, on a free loopback port, with one bucket whose CORS rule
 * lets `corsOrigin` (a pattern with at most one `*`) upload and read; its files go to a temporary folder.
 */
export async function startS3Server(opts: { corsOrigin?: string } = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_S3_BUCKET, configs: [corsRules(opts.corsOrigin ?? 'http://127.0.0.1:*')] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const http = createServer((request, response) => {
    const presigned = /[?&]X-Amz-Algorithm=/.test(request.url ?? '');
    if (presigned && request.method !== 'OPTIONS' && !presignedSignatureHolds(request)) {
      request.resume();
      return refuse(response);
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: TEST_S3_BUCKET,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
