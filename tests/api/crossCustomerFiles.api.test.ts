import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDocumentJson } from '../../contract/documents';
import { ErrorCode } from '../../contract/errors';
import type { UploadKind } from '../../contract/images';
import { SERVICE_WORK_TYPE_IDS } from '../../contract/limits';
import { ServicePriority } from '../../contract/serviceCalls';
import { resultOf, uploadThroughSignedUrl } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { customerByName, snapshot } from '../support/fuzz/customerRows';
import { answerTexts } from '../support/fuzz/leakScan';
import { png } from '../support/images';
import { signedIn, type InjectClient } from '../support/injectClient';

/**
 * Every route that takes a file key, a resource key or a document id, called by a user of Acme with Globex's real
 * ones (read from Globex's rows, after Globex uploaded them through the portal): documents, equipment images,
 * avatars, the logo, service-request and message attachments, service reports, contract PDFs, and the store's own
 * file URLs. Each answers 403 or 404 (or, for an instrument, the spec's not-found errorCode 10002), and nothing of Globex beyond what the request itself carried is in the
 * answer: not its name, domain, storage folder or the bytes of its files. Globex's rows stay as they were.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
const db = () => server.database.db;
const SECRET = 'GLOBEX-FILE-SECRET';
const PDF = Buffer.from(
  `%PDF-1.4\n% ${SECRET}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);

let acme: InjectClient;
let globex: InjectClient;
let globexId: number;
let globexFolder: string;
let acmeInstrument: number;
let globexInstrument: number;

const instrumentOf = async (customerId: number) =>
  Number(
    (
      await sql<{ id: number }>`select id from equipment where customer_id = ${customerId} and not is_hidden
        order by id limit 1`.execute(db())
    ).rows[0]!.id,
  );

async function uploaded(client: InjectClient, fileName: string, fileType: UploadKind, bytes: Buffer) {
  const contentType = fileName.endsWith('.png') ? 'image/png' : 'application/pdf';
  const u = await uploadThroughSignedUrl(server.app, client, { fileName, contentType, fileType, bytes });
  return { resourceKey: u.resourceKey, bucketName: u.bucketName };
}

beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'admin@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'admin@globex.example')).client;
  const acmeCustomer = await customerByName(db(), 'Acme Labs');
  const globexCustomer = await customerByName(db(), 'Globex Corporation');
  globexId = globexCustomer.id;
  globexFolder = globexCustomer.storageFolder;
  acmeInstrument = await instrumentOf(acmeCustomer.id);
  globexInstrument = await instrumentOf(globexId);

  // Globex's files, through the portal as its admin would: a document, an image, an avatar, its logo, a service
  // request with an attachment.
  const doc = await uploaded(globex, 'globex-manual.pdf', 'EquipmentDocument', PDF);
  resultOf(
    await globex.documents.upload({
      params: { type: 'Equipment', id: globexInstrument },
      body: [toDocumentJson({ ...doc, documentName: 'globex-manual.pdf', size: PDF.length })],
    }),
  );
  const image = await uploaded(globex, 'globex-front.png', 'EquipmentImage', png(400, 300));
  const thumbnail = await uploaded(globex, 'globex-front_thumbnail.png', 'EquipmentImage', png(100, 75));
  resultOf(
    await globex.equipment.updateImages({
      params: { id: globexInstrument },
      body: {
        addList: [{ imageIdentifier: image, thumbnailIdentifier: thumbnail, fileName: 'globex-front.png' }],
        deleteList: [],
      },
    }),
  );
  const avatar = {
    image: await uploaded(globex, 'me.png', 'Avatar', png(320, 240)),
    thumbnail: await uploaded(globex, 'me_thumbnail.png', 'Avatar', png(64, 64)),
  };
  resultOf(await globex.accountManagement.uploadAvatar({ body: avatar }));
  const logo = await uploaded(globex, 'globex.png', 'CustomerLogo', png(64, 64));
  resultOf(
    await globex.customers.updateLogo({
      body: { customerLogoFileIdentifier: JSON.stringify({ fileName: 'globex.png', resourceKey: logo.resourceKey }) },
    }),
  );
  const attachment = await uploaded(globex, 'globex-noise.pdf', 'ServiceRequestAttachment', PDF);
  resultOf(
    await globex.serviceCalls.createRequest({
      body: {
        equipmentId: globexInstrument,
        requestForOther: false,
        requestForUserId: null,
        issueType: String(SERVICE_WORK_TYPE_IDS[0]),
        priority: ServicePriority.Medium,
        issueText: `${SECRET} grinding noise`,
        attachFiles: [{ ...attachment, fileName: 'globex-noise.pdf', size: PDF.length }],
        requestEmail: '',
        contactName: 'Globex Admin',
        email: 'admin@globex.example',
        officePhone: '+1 617 555 0100',
      } as never,
    }),
  );
}, 120_000);
afterAll(() => server.close());

/** Globex's files and records as its rows hold them. */
async function globexRows() {
  const q = <T>(query: ReturnType<typeof sql<T>>) => query.execute(db()).then((r) => r.rows);
  const [document] = await q(sql<{ id: number; bucketName: string; resourceKey: string }>`select id,
    bucket_name as "bucketName", resource_key as "resourceKey" from documents where customer_id = ${globexId}
    order by id desc limit 1`);
  const [image] = await q(sql<{ id: number; bucketName: string; imageKey: string; thumbnailKey: string }>`select id,
    bucket_name as "bucketName", image_key as "imageKey", thumbnail_key as "thumbnailKey" from equipment_images
    where customer_id = ${globexId} order by id desc limit 1`);
  const [avatar] = await q(sql<{ bucketName: string; key: string; thumbnailKey: string }>`select
    avatar_bucket_name as "bucketName", avatar_key as key, avatar_thumbnail_key as "thumbnailKey" from users
    where customer_id = ${globexId} and avatar_key is not null limit 1`);
  const [logo] = await q(sql<{ value: string }>`select logo_file_identifier as value from customers
    where id = ${globexId}`);
  const [callAttachment] = await q(sql<{ id: number; callId: number; bucketName: string; resourceKey: string }>`select
    a.id, a.service_call_id as "callId", a.bucket_name as "bucketName", a.resource_key as "resourceKey"
    from service_call_attachments a join service_calls s on s.id = a.service_call_id
    where s.customer_id = ${globexId} order by a.id desc limit 1`);
  const [message] = await q(sql<{ messageId: number; id: number; resourceKey: string }>`select
    a.message_id as "messageId", a.id, a.resource_key as "resourceKey" from message_attachments a
    join messages m on m.id = a.message_id where m.customer_id = ${globexId} order by a.id limit 1`);
  const [report] = await q(sql<{ no: string }>`select service_order_no as no from service_calls
    where customer_id = ${globexId} and report_available order by id limit 1`);
  const logoKey = (JSON.parse(logo!.value) as { resourceKey: string }).resourceKey;
  const [logoFile] = await q(sql<{ bucketName: string }>`select bucket_name as "bucketName" from stored_objects
    where resource_key = ${logoKey}`);
  const files = [
    { bucketName: document!.bucketName, resourceKey: document!.resourceKey },
    { bucketName: image!.bucketName, resourceKey: image!.imageKey },
    { bucketName: image!.bucketName, resourceKey: image!.thumbnailKey },
    { bucketName: avatar!.bucketName, resourceKey: avatar!.key },
    { bucketName: avatar!.bucketName, resourceKey: avatar!.thumbnailKey },
    { bucketName: logoFile!.bucketName, resourceKey: logoKey },
    { bucketName: callAttachment!.bucketName, resourceKey: callAttachment!.resourceKey },
    { bucketName: 'portal-message', resourceKey: message!.resourceKey },
  ];
  return {
    document: document!,
    image: image!,
    avatar: avatar!,
    callAttachment: callAttachment!,
    message,
    report,
    files,
  };
}

describe("Acme's user with Globex's file keys, resource keys and document ids", () => {
  it("is refused with 403, 404 or the spec's 10002 on every route, and nothing of Globex is in the answers", async () => {
    const g = await globexRows();
    expect(g.files.every((f) => f.resourceKey.includes(globexFolder))).toBe(true);
    const before = await snapshot(db(), globexId);
    const pdfFile = (f: { bucketName: string; resourceKey: string }, fileName = 'x.pdf') => ({
      ...f,
      fileName,
      size: PDF.length,
    });
    const calls: Array<readonly [string, () => Promise<{ status: number; body: unknown; headers?: unknown }>]> = [
      ...g.files.map(
        (f) => [`download URL of ${f.resourceKey}`, () => acme.images.requestDownloadUrl({ query: f })] as const,
      ),
      ['download URLs of all', () => acme.images.requestDownloadUrls({ body: { files: g.files } })],
      [
        'documents of the instrument',
        () => acme.documents.list({ params: { type: 'Equipment', id: globexInstrument } }),
      ],
      ...(['history', 'remove', 'restore'] as const).flatMap((op) =>
        [globexInstrument, acmeInstrument].map(
          (id) =>
            [
              `document ${op} of ${g.document.id} on instrument ${id}`,
              () => {
                const params = { type: 'Equipment' as const, id, documentId: g.document.id };
                if (op === 'history') return acme.documents.history({ params });
                if (op === 'remove') return acme.documents.remove({ params, query: {} } as never);
                return acme.documents.restore({ params, body: {} } as never);
              },
            ] as const,
        ),
      ),
      [
        'documents of the service call',
        () => acme.documents.list({ params: { type: 'ServiceCall', id: g.callAttachment.callId } }),
      ],
      [
        "a document registered from Globex's file",
        () =>
          acme.documents.upload({
            params: { type: 'Equipment', id: acmeInstrument },
            body: [toDocumentJson({ ...g.document, documentName: 'stolen.pdf', size: PDF.length })],
          }),
      ],
      ...[globexInstrument, acmeInstrument].flatMap((id) => [
        [
          `default image ${g.image.id} on ${id}`,
          () => acme.equipment.setDefaultImage({ params: { id }, body: { resourceId: g.image.id } }),
        ] as const,
        [
          `image ${g.image.id} deleted on ${id}`,
          () => acme.equipment.updateImages({ params: { id }, body: { addList: [], deleteList: [g.image.id] } }),
        ] as const,
      ]),
      [
        "Globex's image keys added to Acme's instrument",
        () =>
          acme.equipment.updateImages({
            params: { id: acmeInstrument },
            body: {
              addList: [
                {
                  imageIdentifier: { bucketName: g.image.bucketName, resourceKey: g.image.imageKey },
                  thumbnailIdentifier: { bucketName: g.image.bucketName, resourceKey: g.image.thumbnailKey },
                  fileName: 'stolen.png',
                },
              ],
              deleteList: [],
            },
          }),
      ],
      [
        "Globex's avatar as Acme's",
        () =>
          acme.accountManagement.uploadAvatar({
            body: {
              image: { bucketName: g.avatar.bucketName, resourceKey: g.avatar.key },
              thumbnail: { bucketName: g.avatar.bucketName, resourceKey: g.avatar.thumbnailKey },
            },
          }),
      ],
      [
        "Globex's logo as Acme's",
        () =>
          acme.customers.updateLogo({
            body: {
              customerLogoFileIdentifier: JSON.stringify({ fileName: 'x.png', resourceKey: g.files[5]!.resourceKey }),
            },
          }),
      ],
      [
        'the message attachment',
        () => acme.messages.attachment({ params: { id: g.message!.messageId, attachmentId: g.message!.id } }),
      ],
      ['the service report', () => acme.serviceCalls.pdf({ params: { serviceOrderNo: g.report!.no } })],
      ['the contract PDF', () => acme.equipment.contractPdf({ params: { id: globexInstrument } })],
      [
        "Globex's attachment in a service request",
        () =>
          acme.serviceCalls.createRequest({
            body: {
              equipmentId: acmeInstrument,
              requestForOther: false,
              requestForUserId: null,
              issueType: String(SERVICE_WORK_TYPE_IDS[0]),
              priority: ServicePriority.Medium,
              issueText: 'noise',
              attachFiles: [pdfFile(g.callAttachment)],
              requestEmail: '',
              contactName: 'Acme Admin',
              email: 'admin@acme-labs.example',
              officePhone: '+1 617 555 0100',
            } as never,
          }),
      ],
      [
        "Globex's document as a feedback attachment",
        () =>
          acme.feedback.sendFeedback({
            body: { emailTo: '', issueDescription: 'see attached', attachFiles: [pdfFile(g.files[1]!, 'x.png')] },
          }),
      ],
      ...g.files.map(
        (f) =>
          [
            `the store's URL of ${f.resourceKey}, unsigned`,
            async () => {
              const res = await server.app.inject({ method: 'GET', url: `/files/${f.bucketName}/${f.resourceKey}` });
              return { status: res.statusCode, body: res.body, headers: res.headers };
            },
          ] as const,
      ),
    ];
    const sentKeys = g.files.map((f) => f.resourceKey.toLowerCase());
    const markers = [SECRET, 'Globex', 'globex.example', globexFolder].map((m) => m.toLowerCase());
    const wrong: string[] = [];
    for (const [name, call] of calls) {
      const res = await call();
      const body = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      const texts = answerTexts({ rawPayload: Buffer.from(body), body, headers: res.headers ?? {} }).map((t) =>
        sentKeys.reduce((text, key) => text.replaceAll(key, '<sent key>'), t),
      );
      const leaked = markers.filter((m) => texts.some((t) => t.includes(m)));
      // The spec answers an instrument the caller cannot see with errorCode 10002 in a 200 envelope: a not-found.
      const answer = res.body as { errorCode?: number; result?: unknown } | undefined;
      const notFound =
        [403, 404].includes(res.status) ||
        (res.status === 200 && answer?.errorCode === ErrorCode.EquipmentNotFound && answer.result === undefined);
      if (!notFound || leaked.length > 0) {
        wrong.push(`${name}: ${res.status} ${leaked.join(', ')} ${body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(db(), globexId)).toEqual(before);
  });
});
