import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { IMAGE_MAX_BYTES, STORAGE_QUOTA_MESSAGE, type UploadUrl } from '../../contract/images';
import { STORAGE_QUOTA } from '../../contract/limits';
import { purgeOrphanFiles, registerFiles } from '../../api-mock/src/storage/registry';
import { FILE_STORES, startApiServerWith, transfer } from '../support/fileStores';
import { signedIn, type InjectClient } from '../support/injectClient';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 3)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(FILE_STORES)('stored files on the %s store', (store) => {
  const onS3 = store === 's3';
  let server: Awaited<ReturnType<typeof startApiServerWith>>;
  let acme: InjectClient;
  let acmeId: number;
  beforeAll(async () => {
    server = await startApiServerWith(store);
    acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
    acmeId = (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  async function granted(client: InjectClient, size = PNG.length): Promise<UploadUrl> {
    const res = await client.images.requestUploadUrl({
      body: { fileName: 'photo.png', contentType: 'image/png', size, fileType: 'EquipmentImage' },
    });
    if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`no upload URL: ${JSON.stringify(res.body)}`);
    return res.body.result!;
  }
  const put = (upload: UploadUrl, body: Buffer) =>
    transfer(server.app, upload.uploadUrl, { method: 'PUT', headers: upload.headers, body });
  const rowOf = (file: { bucketName: string; resourceKey: string }) =>
    db()
      .selectFrom('stored_objects')
      .selectAll()
      .where('bucket_name', '=', file.bucketName)
      .where('resource_key', '=', file.resourceKey)
      .executeTakeFirst();

  describe('upload grants', () => {
    // An S3 URL may be used again until it expires: the object is what it was at registration (see README).
    it.skipIf(onS3)(
      'are good for one upload: the second PUT with the same URL answers 409 and the first bytes stay',
      async () => {
        const upload = await granted(acme);
        expect((await put(upload, PNG)).status).toBe(200);
        const other = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(200, 9)]);
        const replay = await put(upload, other);
        expect(replay.status).toBe(409);
        expect(await rowOf(upload)).toMatchObject({ state: 'stored', size: PNG.length, sha256: sha256(PNG) });
        await registerFiles(db(), server.storage, [upload], { customerId: acmeId, as: 'equipmentImage' });
        const link = await acme.images.requestDownloadUrl({ query: upload });
        if (link.status !== 200 || link.body.errorCode !== 0) throw new Error('expected a download URL');
        const served = await transfer(server.app, link.body.result!.url);
        expect(served.body.equals(PNG)).toBe(true);
      },
    );

    it("stop at the user's quota of uploads no record took, with the message key; others are not affected", async () => {
      const { client } = await signedIn(server.app, 'manager@acme-labs.example');
      const fits = Math.floor(STORAGE_QUOTA.pendingBytes / IMAGE_MAX_BYTES);
      for (let i = 0; i < fits; i++) await granted(client, IMAGE_MAX_BYTES);
      const refused = await client.images.requestUploadUrl({
        body: { fileName: 'photo.png', contentType: 'image/png', size: IMAGE_MAX_BYTES, fileType: 'EquipmentImage' },
      });
      expect(refused.status).toBe(400);
      expect((refused.body as ErrorBody).errorMessage).toBe(STORAGE_QUOTA_MESSAGE);
      expect((await granted(acme)).resourceKey).toBeTruthy();
    });
  });

  describe('what is served', () => {
    it('an upload no record took is not signed for download', async () => {
      const upload = await granted(acme);
      await put(upload, PNG);
      expect((await acme.images.requestDownloadUrl({ query: upload })).status).toBe(404);
    });

    // S3 serves what a valid signature names (only the server signs, and only registered files): the mock store only.
    it.skipIf(onS3)('an upload no record took is not served, even with a valid signature', async () => {
      const upload = await granted(acme);
      await put(upload, PNG);
      const { url } = await server.storage.presignDownload({ bucket: upload.bucketName, key: upload.resourceKey });
      expect((await transfer(server.app, url)).status).toBe(404);
    });

    it("a colleague's message attachment is not signed; its reader gets it through the message", async () => {
      const attachment = await db()
        .selectFrom('message_attachments as a')
        .innerJoin('messages as m', 'm.id', 'a.message_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['a.id', 'a.message_id', 'a.resource_key', 'u.email'])
        .where('m.customer_id', '=', acmeId)
        .where('m.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const file = { bucketName: 'portal-message', resourceKey: attachment.resource_key };
      const colleagueEmail =
        attachment.email === 'admin@acme-labs.example' ? 'user@acme-labs.example' : 'admin@acme-labs.example';
      const colleague = (await signedIn(server.app, colleagueEmail)).client;
      expect((await colleague.images.requestDownloadUrl({ query: file })).status).toBe(403);
      expect((await colleague.images.requestDownloadUrls({ body: { files: [file] } })).status).toBe(403);

      const reader = (await signedIn(server.app, attachment.email)).client;
      const link = await reader.messages.attachment({
        params: { id: attachment.message_id, attachmentId: attachment.id },
      });
      if (link.status !== 200 || link.body.errorCode !== 0) throw new Error('expected the attachment link');
      expect((await transfer(server.app, link.body.result!.url)).status).toBe(200);
    });
  });

  describe('a stored file belongs to one record', () => {
    it('a file a record holds cannot be registered by another, and the key is unique in the table', async () => {
      const upload = await granted(acme);
      await put(upload, PNG);
      await registerFiles(db(), server.storage, [upload], { customerId: acmeId, as: 'document' });
      await expect(
        registerFiles(db(), server.storage, [upload], { customerId: acmeId, as: 'equipmentImage' }),
      ).rejects.toMatchObject({
        status: 400,
      });
      expect(await rowOf(upload)).toMatchObject({ registered_as: 'document' });
      await expect(
        db()
          .insertInto('stored_objects')
          .values({
            bucket_name: upload.bucketName,
            resource_key: upload.resourceKey,
            customer_id: acmeId,
            state: 'stored',
            max_bytes: 1,
          })
          .execute(),
      ).rejects.toThrow();
    });

    it("another customer's upload cannot be registered, nor one that has not arrived", async () => {
      const globex = (await signedIn(server.app, 'user@globex.example')).client;
      const theirs = await granted(globex);
      await put(theirs, PNG);
      await expect(
        registerFiles(db(), server.storage, [theirs], { customerId: acmeId, as: 'document' }),
      ).rejects.toMatchObject({
        status: 400,
      });
      const notArrived = await granted(acme);
      await expect(
        registerFiles(db(), server.storage, [notArrived], { customerId: acmeId, as: 'document' }),
      ).rejects.toMatchObject({
        status: 400,
      });
    });
  });

  describe('orphan clean-up', () => {
    it('removes uploads no record took after a day, bytes and row, and keeps what records hold', async () => {
      const orphan = await granted(acme);
      await put(orphan, PNG);
      const held = await granted(acme);
      await put(held, PNG);
      await registerFiles(db(), server.storage, [held], { customerId: acmeId, as: 'document' });
      await db()
        .updateTable('stored_objects')
        .set({ granted_at: sql`now() - interval '25 hours'` })
        .where('resource_key', 'in', [orphan.resourceKey, held.resourceKey])
        .execute();

      expect(await purgeOrphanFiles(db(), server.storage)).toBeGreaterThanOrEqual(1);
      expect(await rowOf(orphan)).toBeUndefined();
      expect(await server.storage.hasObject(orphan.bucketName, orphan.resourceKey)).toBe(false);
      expect(await rowOf(held)).toMatchObject({ registered_as: 'document' });
      expect(await server.storage.hasObject(held.bucketName, held.resourceKey)).toBe(true);
    });
  });
});
