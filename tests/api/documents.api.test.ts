import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { ErrorCode } from '../../contract/errors';
import { toDocumentJson, type Document, type DocumentOwnerType, type DocumentUpload } from '../../contract/documents';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  type UploadKind,
} from '../../contract/images';
import { resultOf, uploadThroughSignedUrl } from '../support/apiCalls';
import { FILE_STORES, startApiServerWith, transfer } from '../support/fileStores';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

describe.each(FILE_STORES)('documents on the %s store', (store) => {
  let server: Awaited<ReturnType<typeof startApiServerWith>>;
  let acme: InjectClient;
  let acmeManager: InjectClient;
  let globex: InjectClient;
  let acmeId: number;
  let globexId: number;

  beforeAll(async () => {
    server = await startApiServerWith(store);
    acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
    acmeManager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    globex = (await signedIn(server.app, 'user@globex.example')).client;
    const customers = await db().selectFrom('customers').select(['id', 'name']).execute();
    acmeId = customers.find((c) => c.name === 'Acme Labs')!.id;
    globexId = customers.find((c) => c.name === 'Globex Corporation')!.id;
  });
  afterAll(() => server.close());

  const db = () => server.database.db;

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  const CONTENT_TYPE: Record<string, string> = {
    pdf: 'application/pdf',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    msg: 'application/vnd.ms-outlook',
    png: 'image/png',
  };

  /** Upload bytes through a signed URL, as the browser does, and answer the file to register. */
  async function stored(
    client: InjectClient,
    documentName: string,
    bytes: Buffer = PDF,
    fileType: UploadKind = 'EquipmentDocument',
  ): Promise<DocumentUpload> {
    const ext = documentName.slice(documentName.lastIndexOf('.') + 1).toLowerCase();
    const upload = await uploadThroughSignedUrl(server.app, client, {
      fileName: documentName,
      contentType: CONTENT_TYPE[ext]!,
      fileType,
      bytes,
    });
    return { documentName, resourceKey: upload.resourceKey, bucketName: upload.bucketName, size: bytes.length };
  }

  const params = (type: DocumentOwnerType, id: number) => ({ type, id });

  const register = (client: InjectClient, type: DocumentOwnerType, id: number, files: DocumentUpload[]) =>
    client.documents.upload({ params: params(type, id), body: files.map(toDocumentJson) });

  const list = async (client: InjectClient, type: DocumentOwnerType, id: number) =>
    resultOf<Document[]>(await client.documents.list({ params: params(type, id) }));

  const history = async (client: InjectClient, type: DocumentOwnerType, id: number, documentId: number) =>
    resultOf<Document[]>(await client.documents.history({ params: { type, id, documentId } }));

  /** A fresh equipment of a customer with no documents, so counts start at zero. */
  async function newEquipment(customerId: number): Promise<number> {
    const template = await db()
      .selectFrom('equipment')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, search: _search, ...copy } = template as typeof template & { search?: unknown };
    const row = await db()
      .insertInto('equipment')
      .values({ ...copy, serial: `DOC-${Math.random().toString(36).slice(2, 10)}`, document_count: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  let serviceOrders = 0;
  async function newServiceCall(customerId: number): Promise<number> {
    const row = await db()
      .insertInto('service_calls')
      .values({
        customer_id: customerId,
        service_order_no: `DOCTEST-${customerId}-${++serviceOrders}`,
        call_status: 'OPEN',
        job_type: 'Repair',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const documentCount = async (equipmentId: number) =>
    (
      await db()
        .selectFrom('equipment')
        .select('document_count')
        .where('id', '=', equipmentId)
        .executeTakeFirstOrThrow()
    ).document_count;

  const eventsOf = (groupId: number) =>
    db()
      .selectFrom('events')
      .select(['event_type', 'customer_id'])
      .where('entity_type', '=', 'document')
      .where('entity_id', '=', String(groupId))
      .orderBy('id')
      .execute();

  /** Whether the stored file can still be downloaded. */
  async function fileExists(client: InjectClient, file: { resourceKey: string; bucketName: string }) {
    const signed = await client.images.requestDownloadUrl({ query: file });
    // once no record holds the file, it is not signed for download any more
    if ((signed.status as number) === 404) return server.storage.hasObject(file.bucketName, file.resourceKey);
    const link = resultOf<{ url: string }>(signed);
    return (await transfer(server.app, link.url)).status === 200;
  }

  const issuesOf = (res: { body: unknown }) => (res.body as ErrorBody).issues ?? [];
  const noEquipment = { errorCode: ErrorCode.EquipmentNotFound };

  describe('documents of an equipment', () => {
    it('registers an uploaded file as a document with its stored size and the uploader, and the count follows', async () => {
      const equipmentId = await newEquipment(acmeId);
      const file = await stored(acme, 'Calibration certificate.pdf');
      const [created] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [file]));
      expect(created).toMatchObject({
        documentName: 'Calibration certificate.pdf',
        identifier: { ...file, size: PDF.length },
        userName: expect.stringMatching(/\S+ \S+/),
        isDeleted: false,
        version: 1,
      });
      expect(Date.now() - new Date(created!.uploadDate).getTime()).toBeLessThan(60_000);
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([created]);
      expect(await documentCount(equipmentId)).toBe(1);

      // Colleagues of the same customer see it too.
      expect(await list(acmeManager, 'Equipment', equipmentId)).toEqual([created]);
    });

    it('takes up to four files at once, of every document type, msg included', async () => {
      const equipmentId = await newEquipment(acmeId);
      const files = [
        await stored(acme, 'manual.pdf'),
        await stored(acme, 'notes.docx'),
        await stored(acme, 'supplier mail.msg'),
        await stored(acme, 'front.png'),
      ];
      const created = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, files));
      expect(created.map((d) => d.documentName)).toEqual([
        'manual.pdf',
        'notes.docx',
        'supplier mail.msg',
        'front.png',
      ]);
      expect(await documentCount(equipmentId)).toBe(4);
      expect((await list(acme, 'Equipment', equipmentId)).map((d) => d.documentName).sort()).toEqual(
        ['front.png', 'manual.pdf', 'notes.docx', 'supplier mail.msg'].sort(),
      );
    });

    it('makes a file with the name of an active document its next version, and keeps the whole history', async () => {
      const equipmentId = await newEquipment(acmeId);
      const first = await stored(acme, 'SOP.pdf');
      const [v1] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [first]));
      const second = await stored(acme, 'sop.PDF', Buffer.concat([PDF, Buffer.from('% second edition\n')]));
      const [v2] = resultOf<Document[]>(await register(acmeManager, 'Equipment', equipmentId, [second]));
      const third = await stored(acme, 'SOP.pdf', Buffer.concat([PDF, Buffer.from('% third edition\n')]));
      const [v3] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [third]));
      expect([v1!.version, v2!.version, v3!.version]).toEqual([1, 2, 3]);
      expect(v2!.userName).not.toBe(v1!.userName);

      // The list shows the document once, as its newest version; the count is of documents, not versions.
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([v3]);
      expect(await documentCount(equipmentId)).toBe(1);

      // The history answers every version, newest first, asked by the id of any version.
      const chain = await history(acme, 'Equipment', equipmentId, v3!.documentId);
      expect(chain.map((d) => [d.version, d.identifier.resourceKey])).toEqual([
        [3, third.resourceKey],
        [2, second.resourceKey],
        [1, first.resourceKey],
      ]);
      expect(await history(acme, 'Equipment', equipmentId, v1!.documentId)).toEqual(chain);

      const events = await eventsOf(v1!.documentId);
      expect(events).toEqual([
        { event_type: 'document.uploaded', customer_id: acmeId },
        { event_type: 'document.versionAdded', customer_id: acmeId },
        { event_type: 'document.versionAdded', customer_id: acmeId },
      ]);
    });

    it('chains two files of the same name sent together', async () => {
      const equipmentId = await newEquipment(acmeId);
      const created = resultOf<Document[]>(
        await register(acme, 'Equipment', equipmentId, [await stored(acme, 'log.pdf'), await stored(acme, 'LOG.pdf')]),
      );
      expect(created.map((d) => d.version)).toEqual([1, 2]);
      expect(await list(acme, 'Equipment', equipmentId)).toHaveLength(1);
      expect(await documentCount(equipmentId)).toBe(1);
    });

    it('moves a document to Deleted items, restores it, and the count follows each step', async () => {
      const equipmentId = await newEquipment(acmeId);
      const [keep, doc] = resultOf<Document[]>(
        await register(acme, 'Equipment', equipmentId, [
          await stored(acme, 'keep.pdf'),
          await stored(acme, 'drop.pdf'),
        ]),
      );
      expect(await documentCount(equipmentId)).toBe(2);

      const removed = await acme.documents.remove({
        params: { type: 'Equipment', id: equipmentId, documentId: doc!.documentId },
        query: {},
      });
      expect(resultOf(removed)).toBeNull();
      expect(await documentCount(equipmentId)).toBe(1);
      const afterDelete = await list(acme, 'Equipment', equipmentId);
      expect(afterDelete.find((d) => d.documentId === doc!.documentId)).toMatchObject({ isDeleted: true });
      expect(afterDelete.find((d) => d.documentId === keep!.documentId)).toMatchObject({ isDeleted: false });
      // The file stays while the document is only in Deleted items.
      expect(await fileExists(acme, doc!.identifier)).toBe(true);

      const again = await acme.documents.remove({
        params: { type: 'Equipment', id: equipmentId, documentId: doc!.documentId },
        query: {},
      });
      expect(again.status).toBe(400);

      const restored = resultOf<Document>(
        await acme.documents.restore({
          params: { type: 'Equipment', id: equipmentId, documentId: doc!.documentId },
          body: {},
        }),
      );
      expect(restored).toMatchObject({ documentId: doc!.documentId, isDeleted: false, documentName: 'drop.pdf' });
      expect(await documentCount(equipmentId)).toBe(2);
      const restoreAgain = await acme.documents.restore({
        params: { type: 'Equipment', id: equipmentId, documentId: doc!.documentId },
        body: {},
      });
      expect(restoreAgain.status).toBe(400);

      expect(await eventsOf(doc!.documentId)).toEqual([
        { event_type: 'document.uploaded', customer_id: acmeId },
        { event_type: 'document.deleted', customer_id: acmeId },
        { event_type: 'document.restored', customer_id: acmeId },
      ]);
    });

    it('deletes the whole version chain with its files for good, only from Deleted items', async () => {
      const equipmentId = await newEquipment(acmeId);
      const v1file = await stored(acme, 'drawing.pdf');
      const [v1] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [v1file]));
      const v2file = await stored(acme, 'drawing.pdf', Buffer.concat([PDF, Buffer.from('% rev B\n')]));
      const [v2] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [v2file]));
      const target = { type: 'Equipment' as const, id: equipmentId, documentId: v2!.documentId };

      const tooEarly = await acme.documents.remove({ params: target, query: { isDeletePermanently: true } });
      expect(tooEarly.status).toBe(400);
      expect(await list(acme, 'Equipment', equipmentId)).toHaveLength(1);

      resultOf(await acme.documents.remove({ params: target, query: {} }));
      // Asked by the id of the first version, the whole document goes.
      resultOf(
        await acme.documents.remove({
          params: { ...target, documentId: v1!.documentId },
          query: { isDeletePermanently: true },
        }),
      );
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([]);
      expect(await documentCount(equipmentId)).toBe(0);
      expect((await acme.documents.history({ params: target })).status).toBe(404);
      expect(await fileExists(acme, v1file)).toBe(false);
      expect(await fileExists(acme, v2file)).toBe(false);
      expect((await eventsOf(v1!.documentId)).map((e) => e.event_type)).toEqual([
        'document.uploaded',
        'document.versionAdded',
        'document.deleted',
        'document.deletedPermanently',
      ]);
    });

    it('starts a new document when a file has the name of a deleted one; the deleted one stays in Deleted items', async () => {
      const equipmentId = await newEquipment(acmeId);
      const [old] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [await stored(acme, 'a.pdf')]));
      resultOf(
        await acme.documents.remove({
          params: { type: 'Equipment', id: equipmentId, documentId: old!.documentId },
          query: {},
        }),
      );
      const [fresh] = resultOf<Document[]>(
        await register(acme, 'Equipment', equipmentId, [await stored(acme, 'a.pdf')]),
      );
      expect(fresh!.version).toBe(1);
      expect((await list(acme, 'Equipment', equipmentId)).map((d) => [d.documentId, d.isDeleted])).toEqual([
        [fresh!.documentId, false],
        [old!.documentId, true],
      ]);
      expect(await documentCount(equipmentId)).toBe(1);
    });
  });

  describe('limits of a document upload', () => {
    it('refuses a fifth file in one upload, and registers none of them', async () => {
      const equipmentId = await newEquipment(acmeId);
      const files = await Promise.all(
        Array.from({ length: DOCUMENT_MAX_FILES + 1 }, (_, i) => stored(acme, `part ${i + 1}.pdf`)),
      );
      const res = await register(acme, 'Equipment', equipmentId, files);
      expect(res.status).toBe(400);
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([]);
      expect(await documentCount(equipmentId)).toBe(0);
    });

    it('refuses a file type that is not a document type, and a file larger than 5 MB, with the message keys', async () => {
      const equipmentId = await newEquipment(acmeId);
      const file = await stored(acme, 'manual.pdf');
      const exe = await register(acme, 'Equipment', equipmentId, [{ ...file, documentName: 'setup.exe' }]);
      expect(exe.status).toBe(400);
      expect(issuesOf(exe)).toContainEqual(expect.objectContaining({ message: FILE_TYPE_MESSAGE }));
      const large = await register(acme, 'Equipment', equipmentId, [{ ...file, size: DOCUMENT_MAX_BYTES + 1 }]);
      expect(large.status).toBe(400);
      expect(issuesOf(large)).toContainEqual(expect.objectContaining({ message: FILE_SIZE_MESSAGE }));
      // The upload URL is refused for such files in the first place.
      const url = await acme.images.requestUploadUrl({
        body: {
          fileName: 'big.pdf',
          contentType: 'application/pdf',
          size: DOCUMENT_MAX_BYTES + 1,
          fileType: 'EquipmentDocument',
        },
      });
      expect(url.status).toBe(400);
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([]);
    });

    it('records the size the store holds, not the one the client claims', async () => {
      const equipmentId = await newEquipment(acmeId);
      const file = await stored(acme, 'claimed.pdf');
      const [doc] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [{ ...file, size: 1 }]));
      expect(doc!.identifier.size).toBe(PDF.length);
    });

    it('refuses a file that was never uploaded, one sent twice, one already registered, and a JSON string that is not JSON', async () => {
      const equipmentId = await newEquipment(acmeId);
      const file = await stored(acme, 'once.pdf');
      const missing = { ...file, resourceKey: file.resourceKey.replace(/[0-9a-f]{32}(?=\.pdf$)/, '0'.repeat(32)) };
      expect((await register(acme, 'Equipment', equipmentId, [missing])).status).toBe(400);
      expect((await register(acme, 'Equipment', equipmentId, [file, file])).status).toBe(400);
      resultOf(await register(acme, 'Equipment', equipmentId, [file]));
      const other = await newEquipment(acmeId);
      expect((await register(acme, 'Equipment', other, [file])).status).toBe(400);
      const notJson = await acme.documents.upload({ params: params('Equipment', equipmentId), body: ['{not json'] });
      expect(notJson.status).toBe(400);
      expect(await list(acme, 'Equipment', other)).toEqual([]);
    });

    it('refuses a stored file whose type is not the one its name says, or that lies outside the documents folder', async () => {
      const equipmentId = await newEquipment(acmeId);
      const png = await stored(acme, 'photo.png');
      const renamed = await register(acme, 'Equipment', equipmentId, [{ ...png, documentName: 'photo.pdf' }]);
      expect(renamed.status).toBe(400);
      expect((renamed.body as ErrorBody).errorMessage).toBe(FILE_TYPE_MESSAGE);
      // A service-call attachment lies in another bucket than equipment documents.
      const attachment = await stored(acme, 'report.pdf', PDF, 'ServiceRequestAttachment');
      expect((await register(acme, 'Equipment', equipmentId, [attachment])).status).toBe(400);
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([]);
    });

    it('answers 401 without a session', async () => {
      const anonymous = injectClient(server.app).client;
      const equipmentId = await newEquipment(acmeId);
      expect((await anonymous.documents.list({ params: params('Equipment', equipmentId) })).status).toBe(401);
    });
  });

  describe('customer isolation', () => {
    let equipmentId: number;
    let doc: Document;
    let acmeFile: DocumentUpload;
    beforeAll(async () => {
      equipmentId = await newEquipment(acmeId);
      acmeFile = await stored(acme, 'confidential.pdf');
      [doc] = resultOf<Document[]>(await register(acme, 'Equipment', equipmentId, [acmeFile])) as [Document];
    });

    it('a user of another customer cannot list, read the history of, or add documents to this equipment', async () => {
      // Refused as GET Equipment/{id} refuses the equipment: errorCode 10002.
      expect((await globex.documents.list({ params: params('Equipment', equipmentId) })).body).toMatchObject(
        noEquipment,
      );
      const target = { type: 'Equipment' as const, id: equipmentId, documentId: doc.documentId };
      expect((await globex.documents.history({ params: target })).body).toMatchObject(noEquipment);
      const own = await stored(globex, 'intruder.pdf');
      expect((await register(globex, 'Equipment', equipmentId, [own])).body).toMatchObject(noEquipment);
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([doc]);
    });

    it('a user of another customer cannot delete, delete for good or restore this document by id', async () => {
      const target = { type: 'Equipment' as const, id: equipmentId, documentId: doc.documentId };
      expect((await globex.documents.remove({ params: target, query: {} })).body).toMatchObject(noEquipment);
      const forGood = await globex.documents.remove({ params: target, query: { isDeletePermanently: true } });
      expect(forGood.body).toMatchObject(noEquipment);
      expect((await globex.documents.restore({ params: target, body: {} })).body).toMatchObject(noEquipment);
      // Reached through an equipment of its own customer, the document id is just as unknown.
      const globexEquipment = await newEquipment(globexId);
      const sideways = { ...target, id: globexEquipment };
      expect((await globex.documents.history({ params: sideways })).status).toBe(404);
      expect((await globex.documents.remove({ params: sideways, query: {} })).status).toBe(404);
      expect(await list(acme, 'Equipment', equipmentId)).toEqual([doc]);
      expect(await documentCount(equipmentId)).toBe(1);
    });

    it('a user of another customer cannot register a file of this customer’s folder on its own equipment', async () => {
      const globexEquipment = await newEquipment(globexId);
      const stolen = {
        ...acmeFile,
        resourceKey: acmeFile.resourceKey.replace(/[0-9a-f]{32}(?=\.pdf$)/, 'f'.repeat(32)),
      };
      const res = await register(globex, 'Equipment', globexEquipment, [stolen]);
      expect(res.status).toBe(403);
      expect(await list(globex, 'Equipment', globexEquipment)).toEqual([]);
    });
  });

  /** The documents column of the work-order grid for a service call. */
  const serviceCallDocumentCount = async (callId: number) =>
    (
      await server.database.db
        .selectFrom('service_calls')
        .select('document_count')
        .where('id', '=', callId)
        .executeTakeFirstOrThrow()
    ).document_count;

  describe('documents of a service call', () => {
    it('works the same way for a service call of the customer, without touching any equipment count', async () => {
      const callId = await newServiceCall(acmeId);
      const file = await stored(acme, 'service report.pdf', PDF, 'ServiceCallDocument');
      expect(file.bucketName).toBe('portal-service-request');
      const [v1] = resultOf<Document[]>(await register(acme, 'ServiceCall', callId, [file]));
      const [v2] = resultOf<Document[]>(
        await register(acme, 'ServiceCall', callId, [
          await stored(acme, 'Service Report.pdf', PDF, 'ServiceCallDocument'),
        ]),
      );
      expect(v2!.version).toBe(2);
      expect(await list(acme, 'ServiceCall', callId)).toEqual([v2]);
      expect((await history(acme, 'ServiceCall', callId, v1!.documentId)).map((d) => d.version)).toEqual([2, 1]);
      const target = { type: 'ServiceCall' as const, id: callId, documentId: v2!.documentId };
      expect(await serviceCallDocumentCount(callId)).toBe(1);
      resultOf(await acme.documents.remove({ params: target, query: {} }));
      expect(await serviceCallDocumentCount(callId)).toBe(0);
      expect(resultOf<Document>(await acme.documents.restore({ params: target, body: {} })).isDeleted).toBe(false);
      // The work-order grid's documents column follows (spec 3 section 4).
      expect(await serviceCallDocumentCount(callId)).toBe(1);
    });

    it('refuses an equipment document file for a service call (another bucket)', async () => {
      const callId = await newServiceCall(acmeId);
      const file = await stored(acme, 'manual.pdf');
      expect((await register(acme, 'ServiceCall', callId, [file])).status).toBe(400);
    });

    it('a user of another customer cannot reach the service call’s documents', async () => {
      const callId = await newServiceCall(acmeId);
      const [doc] = resultOf<Document[]>(
        await register(acme, 'ServiceCall', callId, [await stored(acme, 'a.pdf', PDF, 'ServiceCallDocument')]),
      );
      const target = { type: 'ServiceCall' as const, id: callId, documentId: doc!.documentId };
      expect((await globex.documents.list({ params: params('ServiceCall', callId) })).status).toBe(404);
      expect((await globex.documents.history({ params: target })).status).toBe(404);
      expect((await globex.documents.remove({ params: target, query: {} })).status).toBe(404);
      expect(
        (await register(globex, 'ServiceCall', callId, [await stored(globex, 'b.pdf', PDF, 'ServiceCallDocument')]))
          .status,
      ).toBe(404);
      expect(await list(acme, 'ServiceCall', callId)).toEqual([doc]);
    });

    it('answers 404 for a service call that does not exist', async () => {
      expect((await acme.documents.list({ params: params('ServiceCall', 99_999_999) })).status).toBe(404);
    });
  });
});
