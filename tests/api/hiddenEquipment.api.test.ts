import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDocumentJson, type Document, type DocumentUpload } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import type { FileIdentifier, InstrumentImageData, NewEquipmentImage, UploadUrl } from '../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH } from '../../contract/limits';
import { startApiServer } from '../support/apiServer';
import { resultOf, uploadThroughSignedUrl } from '../support/apiCalls';
import { png } from '../support/images';
import { signedIn, type InjectClient } from '../support/injectClient';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let server: Awaited<ReturnType<typeof startApiServer>>;
let hiddenId: number;
let acmeId: number;
let doc: Document;
let image: InstrumentImageData;

const identifier = (u: UploadUrl): FileIdentifier => ({ resourceKey: u.resourceKey, bucketName: u.bucketName });

/** A PDF uploaded as the browser does, ready to register as a document. */
async function storedDocument(client: InjectClient, documentName: string): Promise<DocumentUpload> {
  const upload = await uploadThroughSignedUrl(server.app, client, {
    fileName: documentName,
    contentType: 'application/pdf',
    fileType: 'EquipmentDocument',
    bytes: PDF,
  });
  return { ...identifier(upload), documentName, size: PDF.length };
}

/** A photo and its thumbnail uploaded as the browser does, ready to register as an image. */
async function storedImage(client: InjectClient, fileName: string): Promise<NewEquipmentImage> {
  const photo = (name: string, bytes: Buffer) =>
    uploadThroughSignedUrl(server.app, client, {
      fileName: name,
      contentType: 'image/png',
      fileType: 'EquipmentImage',
      bytes,
    });
  return {
    imageIdentifier: identifier(await photo(fileName, png(400, 300))),
    thumbnailIdentifier: identifier(await photo(`thumb_${fileName}`, png(IMAGE_THUMBNAIL_WIDTH, 75))),
    fileName,
  };
}

beforeAll(async () => {
  server = await startApiServer();
  const db = server.database.db;
  const acme = await db.selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow();
  acmeId = acme.id;
  const row = await db
    .selectFrom('equipment')
    .select('id')
    .where('customer_id', '=', acmeId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  hiddenId = row.id;
  // While it is visible, a customer user gives it a document and an image.
  const { client } = await signedIn(server.app, 'admin@acme-labs.example');
  const [registered] = resultOf<Document[]>(
    await client.documents.upload({
      params: { type: 'Equipment', id: hiddenId },
      body: [toDocumentJson(await storedDocument(client, 'manual.pdf'))],
    }),
  );
  doc = registered!;
  image = resultOf<InstrumentImageData>(
    await client.equipment.updateImages({
      params: { id: hiddenId },
      body: { addList: [await storedImage(client, 'front.png')], deleteList: [] },
    }),
  );
  await db.updateTable('equipment').set({ is_hidden: true }).where('id', '=', hiddenId).execute();
});
afterAll(() => server.close());

describe('hidden equipment (products management scope)', () => {
  it('is not reachable by id for a customer admin: removing it finds nothing and changes nothing', async () => {
    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    const res = await admin.client.equipment.remove({ params: { id: hiddenId } });
    expect(res.status === 200 && res.body.errorCode === 0).toBe(false);
    const row = await server.database.db
      .selectFrom('equipment')
      .select(['id', 'is_hidden'])
      .where('id', '=', hiddenId)
      .executeTakeFirst();
    expect(row).toEqual({ id: hiddenId, is_hidden: true });
  });

  it('is reachable by id for provider staff switched to the customer', async () => {
    const pe = await signedIn(server.app, 'pe@provider.example');
    expect((await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} })).status).toBe(200);
    const res = await pe.client.equipment.remove({ params: { id: hiddenId } });
    expect(res.body).toMatchObject({ errorCode: 0 });
  });
});

describe('the documents and images of a hidden instrument', () => {
  const refused = { errorCode: ErrorCode.EquipmentNotFound };
  const owner = () => ({ type: 'Equipment' as const, id: hiddenId });
  const target = () => ({ ...owner(), documentId: doc.documentId });
  const files = (): FileIdentifier[] => {
    const { bucketName, resourceKey } = doc.identifier;
    const { imageIdentifier, thumbnailIdentifier } = image.images[0]!;
    return [{ bucketName, resourceKey }, imageIdentifier, thumbnailIdentifier];
  };

  it('are refused to a customer user as the instrument is (10002): list, history, download, register, delete', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    expect((await client.equipment.detail({ params: { id: hiddenId }, query: {} })).body).toMatchObject(refused);
    expect((await client.documents.list({ params: owner() })).body).toMatchObject(refused);
    expect((await client.documents.history({ params: target() })).body).toMatchObject(refused);
    for (const file of files()) {
      expect((await client.images.requestDownloadUrl({ query: file })).body).toMatchObject(refused);
    }
    expect((await client.images.requestDownloadUrls({ body: { files: files() } })).body).toMatchObject(refused);
    const another = await storedDocument(client, 'another.pdf');
    const register = await client.documents.upload({ params: owner(), body: [toDocumentJson(another)] });
    expect(register.body).toMatchObject(refused);
    expect((await client.documents.remove({ params: target(), query: {} })).body).toMatchObject(refused);
    expect((await client.documents.restore({ params: target(), body: {} })).body).toMatchObject(refused);
    const addImage = await client.equipment.updateImages({
      params: { id: hiddenId },
      body: { addList: [await storedImage(client, 'side.png')], deleteList: [] },
    });
    expect(addImage.body).toMatchObject(refused);
    const deleteImage = await client.equipment.updateImages({
      params: { id: hiddenId },
      body: { addList: [], deleteList: [image.images[0]!.resourceId] },
    });
    expect(deleteImage.body).toMatchObject(refused);
    const setDefault = await client.equipment.setDefaultImage({
      params: { id: hiddenId },
      body: { resourceId: image.images[0]!.resourceId },
    });
    expect(setDefault.body).toMatchObject(refused);

    const db = server.database.db;
    const documents = await db.selectFrom('documents').select(['id', 'is_deleted']).where('owner_id', '=', hiddenId);
    expect(await documents.where('owner_type', '=', 'Equipment').execute()).toEqual([
      { id: doc.documentId, is_deleted: false },
    ]);
    const images = await db.selectFrom('equipment_images').select('id').where('equipment_id', '=', hiddenId).execute();
    expect(images).toEqual([{ id: image.images[0]!.resourceId }]);
  });

  it('are still reached by provider staff switched to the customer', async () => {
    const pe = await signedIn(server.app, 'pe@provider.example');
    expect((await pe.client.customers.switchCustomer({ params: { customerId: acmeId }, body: {} })).status).toBe(200);
    const listed = resultOf<Document[]>(await pe.client.documents.list({ params: owner() }));
    expect(listed.map((d) => d.documentId)).toEqual([doc.documentId]);
    const links = await pe.client.images.requestDownloadUrls({ body: { files: files() } });
    expect(resultOf<{ items: unknown[] }>(links).items).toHaveLength(3);
  });
});
