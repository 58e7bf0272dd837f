import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { GENERIC_CONTENT_TYPE } from '../../api-mock/src/storage/layout';
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
import { FILE_STORES, startApiServerWith, transfer } from '../support/fileStores';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

/** Some bytes of a PNG file. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(120, 7)]);

const photo = (overrides: Partial<UploadUrlRequest> = {}): UploadUrlRequest => ({
  fileName: 'Pump Front.PNG',
  contentType: 'image/png',
  size: PNG.length,
  fileType: 'EquipmentImage',
  ...overrides,
});

describe.each(FILE_STORES)('files on the %s store', (store) => {
  let server: Awaited<ReturnType<typeof startApiServerWith>>;
  let acme: InjectClient;
  let globex: InjectClient;
  beforeAll(async () => {
    server = await startApiServerWith(store);
    acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
    globex = (await signedIn(server.app, 'user@globex.example')).client;
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });
  const onS3 = store === 's3';

  const encryptedIdOf = async (name: string) =>
    (
      await server.database.db
        .selectFrom('customers')
        .select('encrypted_id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).encrypted_id;

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

  const put = (upload: UploadUrl, body: Buffer, headers: Record<string, string> = upload.headers) =>
    transfer(server.app, upload.uploadUrl, { method: 'PUT', headers, body });

  const get = (url: string) => transfer(server.app, url);

  /** A record takes the uploaded file, as a document or an image registration would. */
  const heldByARecord = async (upload: UploadUrl, customer = 'Acme Labs') => {
    const { id } = await server.database.db
      .selectFrom('customers')
      .select('id')
      .where('name', '=', customer)
      .executeTakeFirstOrThrow();
    await registerFiles(server.database.db, server.storage, [upload], { customerId: id, as: 'equipmentImage' });
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
      expect(stored.status).toBe(200);
      if (onS3) {
        // The browser reaches the store itself, which answers for the object of the portal's bucket and key.
        expect(upload.uploadUrl).toContain(`${server.s3!.settings.endpoint}/portal-files/portal-equipment/`);
        expect(upload.uploadUrl).toMatch(/X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost/);
      } else expect(stored.headers.etag).toBe(`"${createHash('sha256').update(PNG).digest('hex')}"`);
      await heldByARecord(upload);
      // The size the registry keeps is the store's: a HEAD of the object on S3, counted on arrival on disk.
      expect(await rowOf(upload)).toMatchObject({ state: 'stored', size: PNG.length, registered_as: 'equipmentImage' });

      const link = await downloadUrl(acme, upload);
      expect(link).toMatchObject({ resourceKey: upload.resourceKey, bucketName: upload.bucketName });
      if (onS3) expect(link.url).toMatch(/X-Amz-Expires=1800&/);
      const file = await get(link.url);
      expect(file.status).toBe(200);
      expect(file.body.equals(PNG)).toBe(true);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="[0-9a-f]{32}\.png"/);
      if (!onS3) expect(file.headers['x-content-type-options']).toBe('nosniff');
    });

    it('a download is saved under the name it was signed with, and served with the type of its extension', async () => {
      const upload = await uploadUrl(
        acme,
        photo({ fileName: 'report.pdf', contentType: GENERIC_CONTENT_TYPE, fileType: 'ServiceRequestAttachment' }),
      );
      await put(upload, PNG);
      await heldByARecord(upload);
      const { url } = await server.storage.presignDownload({
        bucket: upload.bucketName,
        key: upload.resourceKey,
        fileName: 'Prüfbericht.pdf',
      });
      const file = await get(url);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Pr_fbericht.pdf"; filename*=UTF-8''Pr%C3%BCfbericht.pdf`,
      );
    });

    it('reads the first bytes of a stored object (a ranged GET on S3) and its size (a HEAD)', async () => {
      const upload = await uploadUrl(acme, photo());
      await put(upload, PNG);
      expect(await server.storage.objectSize(upload.bucketName, upload.resourceKey)).toBe(PNG.length);
      const head = await server.storage.readHead(upload.bucketName, upload.resourceKey, 8);
      expect(head?.equals(PNG.subarray(0, 8))).toBe(true);
      expect(await server.storage.readHead(upload.bucketName, `${upload.resourceKey}.missing`, 8)).toBeNull();
      expect(await server.storage.objectSize(upload.bucketName, `${upload.resourceKey}.missing`)).toBeNull();
    });

    it('removes a stored object, and removing it again is no error', async () => {
      const upload = await uploadUrl(acme, photo());
      await put(upload, PNG);
      expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(true);
      await server.storage.deleteObject(upload.bucketName, upload.resourceKey);
      expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);
      await server.storage.deleteObject(upload.bucketName, upload.resourceKey);
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

    // S3 refuses a length other than the signed one (403); the local store one beyond it (413).
    it('refuses an upload larger than declared and keeps nothing', async () => {
      const upload = await uploadUrl(acme, photo({ size: 100 }));
      const declaredLength = await put(upload, PNG);
      expect(declaredLength.status).toBe(onS3 ? 403 : 413);
      if (!onS3) {
        // Without a Content-Length the bytes are counted as they arrive.
        const streamed = await server.app.inject({
          method: 'PUT',
          url: upload.uploadUrl,
          headers: upload.headers,
          payload: Readable.from([PNG.subarray(0, 64), PNG.subarray(64)]),
        });
        expect(streamed.statusCode).toBe(413);
      }
      expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);
      await expect(heldByARecord(upload)).rejects.toMatchObject({ status: 400 });
      expect(await rowOf(upload)).toMatchObject({ state: 'granted', size: null, registered_as: null });
    });

    it('refuses an upload sent with another content type than signed (415 on disk, 403 on S3)', async () => {
      const upload = await uploadUrl(acme, photo());
      const res = await put(upload, PNG, { 'Content-Type': 'text/html' });
      expect(res.status).toBe(onS3 ? 403 : 415);
      expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);
    });

    it('a registration finds an object larger than its grant and refuses it', async () => {
      const upload = await uploadUrl(acme, photo());
      // Bytes that came some other way than through the signed URL: the store's size is what counts.
      await server.storage.putObject(upload.bucketName, upload.resourceKey, Buffer.concat([PNG, PNG]));
      await expect(heldByARecord(upload)).rejects.toMatchObject({ status: 400 });
      expect(await rowOf(upload)).toMatchObject({ registered_as: null });
    });

    it('refuses a forged, reused-for-another-key, wrong-method or expired URL with 403', async () => {
      const upload = await uploadUrl(acme, photo());
      const other = await uploadUrl(acme, photo());
      const sendTo = (url: string) => transfer(server.app, url, { method: 'PUT', headers: upload.headers, body: PNG });
      const forged = upload.uploadUrl.replace(/([sS]ignature=)[^&]+/, '$1AAAA');
      expect((await sendTo(forged)).status).toBe(403);
      const otherKey = upload.uploadUrl.replace(upload.resourceKey, other.resourceKey);
      expect((await sendTo(otherKey)).status).toBe(403);
      const bigger = onS3
        ? upload.uploadUrl.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=86400')
        : upload.uploadUrl.replace(/maxBytes=\d+/, 'maxBytes=99999999');
      expect(bigger).not.toBe(upload.uploadUrl);
      expect((await sendTo(bigger)).status).toBe(403);
      expect((await get(upload.uploadUrl)).status).toBe(403);
      expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (SIGNED_URL_SECONDS + 5) * 1000);
      const expired = await put(upload, PNG);
      expect(expired.status).toBe(403);
      expect(expired.body.toString()).toContain('expired');
      // The S3 client learns its clock from the store's answers: it must not see the faked one.
      vi.useRealTimers();
      expect(await server.storage.hasObject(upload.bucketName, upload.resourceKey)).toBe(false);
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
      expect((await get(swapped)).status).toBe(403);
      expect((await get(link.url)).status).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (SIGNED_URL_SECONDS + 5) * 1000);
      expect((await get(link.url)).status).toBe(403);
    });

    it.skipIf(onS3)('answers 404 for a key that tries to leave its bucket', async () => {
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
    it('names the customer’s folder, the buckets of every file type and, on disk, a short-lived signed token', async () => {
      const res = await acme.customers.cloudCredential();
      if (res.status !== 200 || res.body.errorCode !== 0) throw new Error('expected credentials');
      const credential = res.body.result!;
      expect(credential).toMatchObject({
        region: onS3 ? 'us-east-1' : 'local',
        identityId: await encryptedIdOf('Acme Labs'),
        fileTypeBucketNameMaps: { Equipment: 'portal-equipment', ServiceRequest: 'portal-service-request' },
        bucketConversionMaps: { 'portal-equipment': 'portal-equipment' },
      });
      // On S3 the browser holds no credential of the store: it only ever uses URLs the server signed.
      if (onS3) expect(credential).toMatchObject({ identityPoolId: 's3:portal-files', token: '' });
      else expectSignedToken(credential);

      const other = await globex.customers.cloudCredential();
      expect(other.status === 200 && other.body.errorCode === 0 && other.body.result!.identityId).toBe(
        await encryptedIdOf('Globex Corporation'),
      );
    });
  });

  function expectSignedToken(credential: { token: string; identityId: string }) {
    const [body, signature] = credential.token.split('.');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { identityId: string; expires: number };
    expect(claims.identityId).toBe(credential.identityId);
    expect(claims.expires - Date.now() / 1000).toBeGreaterThan(SIGNED_URL_SECONDS - 60);
    expect(claims.expires - Date.now() / 1000).toBeLessThanOrEqual(SIGNED_URL_SECONDS);
  }
});
