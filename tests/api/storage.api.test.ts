import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  IMAGE_MAX_BYTES,
  SIGNED_URL_SECONDS,
  type DownloadUrl,
  type UploadUrl,
  type UploadUrlRequest,
} from '../../contract/images';
import { registerFiles } from '../../api-mock/src/storage/registry';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let globex: InjectClient;
beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

const encryptedIdOf = async (name: string) =>
  (
    await server.database.db
      .selectFrom('customers')
      .select('encrypted_id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).encrypted_id;

/** Some bytes of a PNG file. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(120, 7)]);

const photo = (overrides: Partial<UploadUrlRequest> = {}): UploadUrlRequest => ({
  fileName: 'Pump Front.PNG',
  contentType: 'image/png',
  size: PNG.length,
  fileType: 'EquipmentImage',
  ...overrides,
});

async function uploadUrl(client: InjectClient, file: UploadUrlRequest): Promise<UploadUrl> {
  const res = await client.images.requestUploadUrl({ body: file });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`no upload URL: ${JSON.stringify(res.body)}`);
  return res.body.result!;
}

async function downloadUrl(client: InjectClient, file: { resourceKey: string; bucketName: string }) {
  const res = await client.images.requestDownloadUrl({ query: file });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`no download URL: ${JSON.stringify(res.body)}`);
  return res.body.result as DownloadUrl;
}

const put = (upload: UploadUrl, payload: Buffer | Readable, headers: Record<string, string> = upload.headers) =>
  server.app.inject({ method: 'PUT', url: upload.uploadUrl, headers, payload });

const get = (url: string) => server.app.inject({ method: 'GET', url });

/** A record takes the uploaded file, as a document or an image registration would. */
const heldByARecord = async (upload: UploadUrl, customer = 'Acme Labs') => {
  const { id } = await server.database.db
    .selectFrom('customers')
    .select('id')
    .where('name', '=', customer)
    .executeTakeFirstOrThrow();
  await registerFiles(server.database.db, [upload], { customerId: id, as: 'equipmentImage' });
};

const rowOf = (upload: UploadUrl) =>
  server.database.db
    .selectFrom('stored_objects')
    .selectAll()
    .where('bucket_name', '=', upload.bucketName)
    .where('resource_key', '=', upload.resourceKey)
    .executeTakeFirst();

describe('uploads through a signed URL', () => {
  it('stores the file in the customer’s folder under a fresh key, and it downloads unchanged', async () => {
    const upload = await uploadUrl(acme, photo());
    expect(upload.bucketName).toBe('portal-equipment');
    expect(upload.resourceKey).toMatch(
      new RegExp(`^${await encryptedIdOf('Acme Labs')}/Equipment/[0-9a-f]{32}\\.png$`),
    );
    expect(upload).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
    expect(upload.expiresInSeconds).toBe(SIGNED_URL_SECONDS);

    const stored = await put(upload, PNG);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers.etag).toBe(`"${createHash('sha256').update(PNG).digest('hex')}"`);
    await heldByARecord(upload);

    const link = await downloadUrl(acme, upload);
    expect(link).toMatchObject({ resourceKey: upload.resourceKey, bucketName: upload.bucketName });
    const file = await get(link.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives every upload its own key and picks the bucket and folder of the kind', async () => {
    const a = await uploadUrl(acme, photo());
    const b = await uploadUrl(acme, photo());
    expect(a.resourceKey).not.toBe(b.resourceKey);
    const report = await uploadUrl(
      acme,
      photo({ fileName: 'report.pdf', contentType: 'application/pdf', fileType: 'ServiceRequestAttachment' }),
    );
    expect(report.bucketName).toBe('portal-service-request');
    expect(report.resourceKey).toMatch(/\/ServiceRequest\/[0-9a-f]{32}\.pdf$/);
  });

  it('refuses a file of a type the kind does not take, or declared too large, with the message keys', async () => {
    const wrongType = await acme.images.requestUploadUrl({ body: photo({ fileName: 'tool.exe' }) });
    expect(wrongType.status).toBe(400);
    expect((wrongType.body as ErrorBody).issues).toContainEqual(
      expect.objectContaining({ path: ['fileName'], message: FILE_TYPE_MESSAGE }),
    );
    const tooLarge = await acme.images.requestUploadUrl({ body: photo({ size: IMAGE_MAX_BYTES + 1 }) });
    expect(tooLarge.status).toBe(400);
    expect((tooLarge.body as ErrorBody).issues).toContainEqual(
      expect.objectContaining({ path: ['size'], message: FILE_SIZE_MESSAGE }),
    );
    const notExcel = await acme.images.requestUploadUrl({
      body: photo({ fileName: 'catalogue.xlsx', contentType: 'text/csv', fileType: 'ProductMarketInfo' }),
    });
    expect(notExcel.status).toBe(400);
  });

  it('refuses a content type that does not go with the extension (an HTML page named .png)', async () => {
    const res = await acme.images.requestUploadUrl({ body: photo({ contentType: 'text/html' }) });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errorMessage).toBe(FILE_TYPE_MESSAGE);
  });

  it('refuses an upload larger than declared with 413 and keeps nothing', async () => {
    const upload = await uploadUrl(acme, photo({ size: 100 }));
    const declaredLength = await put(upload, PNG);
    expect(declaredLength.statusCode).toBe(413);
    // Without a Content-Length the bytes are counted as they arrive.
    const streamed = await put(upload, Readable.from([PNG.subarray(0, 64), PNG.subarray(64)]));
    expect(streamed.statusCode).toBe(413);
    expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);
    expect(await rowOf(upload)).toMatchObject({ state: 'granted', size: null });
  });

  it('refuses an upload sent with another content type than signed (415)', async () => {
    const upload = await uploadUrl(acme, photo());
    const res = await put(upload, PNG, { 'Content-Type': 'text/html' });
    expect(res.statusCode).toBe(415);
    expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);
  });

  it('refuses a forged, reused-for-another-key, wrong-method or expired URL with 403', async () => {
    const upload = await uploadUrl(acme, photo());
    const other = await uploadUrl(acme, photo());
    const forged = upload.uploadUrl.replace(/signature=[^&]+/, 'signature=AAAA');
    expect(
      (await server.app.inject({ method: 'PUT', url: forged, headers: upload.headers, payload: PNG })).statusCode,
    ).toBe(403);
    const otherKey = upload.uploadUrl.replace(upload.resourceKey, other.resourceKey);
    expect(
      (await server.app.inject({ method: 'PUT', url: otherKey, headers: upload.headers, payload: PNG })).statusCode,
    ).toBe(403);
    const bigger = upload.uploadUrl.replace(/maxBytes=\d+/, 'maxBytes=99999999');
    expect(
      (await server.app.inject({ method: 'PUT', url: bigger, headers: upload.headers, payload: PNG })).statusCode,
    ).toBe(403);
    expect((await get(upload.uploadUrl)).statusCode).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SIGNED_URL_SECONDS + 5) * 1000);
    const expired = await put(upload, PNG);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ errorCode: 403, errorMessage: expect.stringContaining('expired') });
  });

  it('a download URL signed for one key cannot fetch another, and expires', async () => {
    const first = await uploadUrl(acme, photo());
    const second = await uploadUrl(acme, photo());
    await put(first, PNG);
    await put(second, PNG);
    await heldByARecord(first);
    await heldByARecord(second);
    const link = await downloadUrl(acme, first);
    const swapped = link.url.replace(first.resourceKey, second.resourceKey);
    expect((await get(swapped)).statusCode).toBe(403);
    expect((await get(link.url)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SIGNED_URL_SECONDS + 5) * 1000);
    expect((await get(link.url)).statusCode).toBe(403);
  });

  it('answers 404 for a key that tries to leave its bucket', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/files/portal-equipment/..%2F..%2F.storage-secret' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/[A-Za-z0-9_-]{40}/);
  });
});

describe('download URLs and customer isolation', () => {
  it('a Globex user cannot get a download URL for an Acme key, alone or in a batch', async () => {
    const upload = await uploadUrl(acme, photo());
    await put(upload, PNG);
    const single = await globex.images.requestDownloadUrl({ query: upload });
    expect(single.status).toBe(403);
    const own = await uploadUrl(globex, photo());
    const batch = await globex.images.requestDownloadUrls({
      body: { files: [{ resourceKey: own.resourceKey, bucketName: own.bucketName }, upload] },
    });
    expect(batch.status).toBe(403);
  });

  it('signs a batch of the customer’s own files', async () => {
    const uploads = [await uploadUrl(acme, photo()), await uploadUrl(acme, photo())];
    for (const upload of uploads) {
      await put(upload, PNG);
      await heldByARecord(upload);
    }
    const files = uploads.map((u) => ({ resourceKey: u.resourceKey, bucketName: u.bucketName }));
    const res = await acme.images.requestDownloadUrls({ body: { files } });
    if (res.status !== 200 || res.body.errorCode !== 0) throw new Error('expected URLs');
    expect(res.body.result!.items.map((i) => i.resourceKey)).toEqual(files.map((f) => f.resourceKey));
  });

  it('refuses an unknown bucket, a malformed key, and callers without a session', async () => {
    const key = `${await encryptedIdOf('Acme Labs')}/Equipment/x.png`;
    expect(
      (await acme.images.requestDownloadUrl({ query: { resourceKey: key, bucketName: 'other-bucket' } })).status,
    ).toBe(400);
    expect(
      (
        await acme.images.requestDownloadUrl({
          query: { resourceKey: '../etc/passwd', bucketName: 'portal-equipment' },
        })
      ).status,
    ).toBe(400);
    const anonymous = injectClient(server.app).client;
    expect((await anonymous.images.requestUploadUrl({ body: photo() })).status).toBe(401);
    expect((await anonymous.customers.cloudCredential()).status).toBe(401);
  });
});

describe('users/cloudCredential', () => {
  it('names the customer’s folder, the buckets of every file type and a short-lived signed token', async () => {
    const res = await acme.customers.cloudCredential();
    if (res.status !== 200 || res.body.errorCode !== 0) throw new Error('expected credentials');
    const credential = res.body.result!;
    expect(credential).toMatchObject({
      region: 'local',
      identityId: await encryptedIdOf('Acme Labs'),
      fileTypeBucketNameMaps: { Equipment: 'portal-equipment', ServiceRequest: 'portal-service-request' },
      bucketConversionMaps: { 'portal-equipment': 'portal-equipment' },
    });
    const [body, signature] = credential.token.split('.');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { identityId: string; expires: number };
    expect(claims.identityId).toBe(credential.identityId);
    expect(claims.expires - Date.now() / 1000).toBeGreaterThan(SIGNED_URL_SECONDS - 60);
    expect(claims.expires - Date.now() / 1000).toBeLessThanOrEqual(SIGNED_URL_SECONDS);

    const other = await globex.customers.cloudCredential();
    expect(other.status === 200 && other.body.errorCode === 0 && other.body.result!.identityId).toBe(
      await encryptedIdOf('Globex Corporation'),
    );
  });
});
