import type { FastifyInstance } from 'fastify';
import { startApiServer } from './apiServer';
import { startS3Server, type TestS3Server } from './s3Server';

/** The two file stores every storage test runs against: a folder on disk, and S3 (s3rver in this process). */
export const FILE_STORES = ['local', 's3'] as const;
export type FileStoreKind = (typeof FILE_STORES)[number];

export interface Transferred {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Send a request to a signed file URL as the browser would: the local store's are paths of the portal (answered
 * in-process), S3's are absolute URLs of the store.
 */
export async function transfer(
  app: FastifyInstance,
  url: string,
  init: { method?: 'GET' | 'PUT'; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Transferred> {
  const method = init.method ?? 'GET';
  if (!/^https?:/.test(url)) {
    const res = await app.inject({ method, url, headers: init.headers, payload: init.body });
    return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
  }
  const res = await fetch(url, { method, headers: init.headers, body: init.body && new Uint8Array(init.body) });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

/** An API server (PGlite or API_DB=postgres) keeping its files in the given store; close stops both. */
export async function startApiServerWith(
  kind: FileStoreKind,
  opts: Omit<NonNullable<Parameters<typeof startApiServer>[0]>, 's3'> = {},
) {
  const s3: TestS3Server | undefined = kind === 's3' ? await startS3Server() : undefined;
  const server = await startApiServer({ ...opts, s3: s3?.settings });
  return {
    ...server,
    s3,
    async close() {
      await server.close();
      await s3?.close();
    },
  };
}
