import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { UploadKind, UploadUrl } from '../../contract/images';
import { transfer } from './fileStores';
import type { InjectClient } from './injectClient';

/** The result of a successful call; anything else throws with the whole response, so the test shows what came. */
export function resultOf<T>(res: { status: number; body: unknown }): T {
  const body = res.body as { errorCode?: number; result?: T };
  if (res.status !== 200 || body.errorCode !== 0) throw new Error(`expected success: ${JSON.stringify(res)}`);
  return body.result as T;
}

export interface BytesToStore {
  fileName: string;
  contentType: string;
  fileType: UploadKind;
  bytes: Buffer;
}

/** Uploads bytes as the browser does: a signed URL for the kind, then PUT there. Answers the signed target. */
export async function uploadThroughSignedUrl(
  app: FastifyInstance,
  client: InjectClient,
  { fileName, contentType, fileType, bytes }: BytesToStore,
): Promise<UploadUrl> {
  const target = resultOf<UploadUrl>(
    await client.images.requestUploadUrl({ body: { fileName, contentType, size: bytes.length, fileType } }),
  );
  const put = await transfer(app, target.uploadUrl, { method: 'PUT', headers: target.headers, body: bytes });
  expect(put.status).toBe(200);
  return target;
}
