import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { Kysely, Transaction } from 'kysely';
import type { MessageCategory } from '../../../contract/messages';
import type { Database } from '../db/schema';
import { insertMessages, type NewMessage } from '../messages/queries';
import type { FileStorage } from '../storage';
import { BUCKET_OF_FILE_TYPE, newObjectKey } from '../storage/layout';
import { registerServerFile } from '../storage/registry';
import { escapeHtml } from '../lib/html';

/**
 * The demo world's notifications: 8 to 15 per user over the last 60 days (service requests received and updated,
 * work orders scheduled, service reports, feedback answered, contract renewals, portal news). The content is
 * plain HTML (paragraphs, lists, links inside the portal), nothing a sanitiser would have to remove.
 */

const DAY_MINUTES = 24 * 60;

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;

const longDate = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const PROBLEMS = [
  'Pump pressure fluctuates during gradient runs',
  'Detector lamp fails to ignite',
  'Autosampler needle is misaligned',
  'Baseline noise above specification',
  'Instrument does not complete its self-test',
  'Leak at the column compartment',
  'Software reports a communication error',
  'Vacuum does not reach operating pressure',
];
const PRIORITIES = ['Urgent', 'High', 'Medium', 'Low'];
const STATUSES = [
  'An engineer has been assigned',
  'Parts have been ordered',
  'Remote diagnosis is complete',
  'Waiting for your confirmation of the visit date',
];

interface Instrument {
  id: number;
  mfg: string;
  model: string;
  serial: string | null;
}

interface Draft {
  category: MessageCategory;
  subject: string;
  content: string;
  attachmentName?: string;
}

type Template = (f: Faker, firstName: string, instrument: Instrument, createdAt: Date) => Draft;

const instrumentLink = (i: Instrument) =>
  `<a href="/app/product/equipmentDetail/${i.id}">${escapeHtml(`${i.mfg} ${i.model}`)}</a>`;
const greeting = (firstName: string) => `<p>Dear ${escapeHtml(firstName)},</p>`;

const serviceReport: Template = (f, firstName, instrument) => {
  const workOrder = `WO-${f.string.numeric(7)}`;
  return {
    category: 'serviceRequest',
    subject: `Service report for work order ${workOrder} is available`,
    content:
      `${greeting(firstName)}<p>The service visit for your ${instrumentLink(instrument)} is complete. ` +
      `The signed service report is attached.</p>` +
      list([
        `Work order: ${workOrder}`,
        `Serial number: ${instrument.serial}`,
        `Engineer: ${f.person.fullName()}`,
        `Result: ${f.helpers.arrayElement(['Repaired', 'Preventive maintenance done', 'Qualified (OQ passed)'])}`,
      ]) +
      `<p>All work orders are on the <a href="/app/workOrder">work orders</a> page.</p>`,
    attachmentName: `ServiceReport_${workOrder}.pdf`,
  };
};

const TEMPLATES: Array<{ weight: number; value: Template }> = [
  {
    weight: 4,
    value: (f, firstName, instrument) => {
      const request = `SR-${f.string.numeric(7)}`;
      return {
        category: 'serviceRequest',
        subject: `Service request ${request} received`,
        content:
          `${greeting(firstName)}<p>We have received your service request <strong>${request}</strong>. ` +
          `A service engineer will contact you within one business day.</p>` +
          list([
            `Instrument: ${instrument.mfg} ${instrument.model}`,
            `Serial number: ${instrument.serial}`,
            `Priority: ${f.helpers.arrayElement(PRIORITIES)}`,
            `Problem: ${f.helpers.arrayElement(PROBLEMS)}`,
          ]) +
          `<p>You can follow it on the <a href="/app/workOrder">work orders</a> page.</p>`,
      };
    },
  },
  {
    weight: 3,
    value: (f, firstName, instrument) => {
      const request = `SR-${f.string.numeric(7)}`;
      return {
        category: 'serviceRequest',
        subject: `Service request ${request} updated`,
        content:
          `${greeting(firstName)}<p>There is news on your service request <strong>${request}</strong> ` +
          `for the ${instrumentLink(instrument)}.</p>` +
          list([`Status: ${f.helpers.arrayElement(STATUSES)}`, `Updated by: ${f.person.fullName()}`]) +
          `<p>See the details on the <a href="/app/workOrder">work orders</a> page.</p>`,
      };
    },
  },
  {
    weight: 3,
    value: (f, firstName, instrument, createdAt) => {
      const workOrder = `WO-${f.string.numeric(7)}`;
      const visit = new Date(createdAt.getTime() + f.number.int({ min: 2, max: 14 }) * DAY_MINUTES * 60_000);
      const start = f.helpers.arrayElement(['08:00', '09:30', '11:00', '13:00', '14:30']);
      return {
        category: 'serviceRequest',
        subject: `Work order ${workOrder} scheduled`,
        content:
          `${greeting(firstName)}<p>A service visit for your ${instrumentLink(instrument)} has been scheduled.</p>` +
          list([
            `Date: ${longDate(visit)}`,
            `Arrival window: ${start} (local time), about two hours`,
            `Engineer: ${f.person.fullName()}`,
            `Work order: ${workOrder}`,
          ]) +
          `<p>Please make sure the instrument is free at that time. Reservations are on the ` +
          `<a href="/app/calendar">calendar</a>.</p>`,
      };
    },
  },
  { weight: 2, value: serviceReport },
  {
    weight: 2,
    value: (f, firstName) => ({
      category: 'feedback',
      subject: 'Your feedback has been answered',
      content:
        `${greeting(firstName)}<p>Thank you for telling us how we can improve the portal. ` +
        `${escapeHtml(f.person.fullName())} from our customer care team has answered:</p>` +
        `<blockquote><p>${escapeHtml(
          f.helpers.arrayElement([
            'The export of the inventory now keeps your column order.',
            'We have added the serial number to the work-order e-mails.',
            'Saved views can now be shared with your whole company.',
            'We are looking into faster loading of the instrument list and will let you know.',
          ]),
        )}</p></blockquote>` +
        list(['Topic: Portal usability', `Reference: FB-${f.string.numeric(6)}`]) +
        `<p>Tell us more any time on the <a href="/app/feedback">feedback</a> page.</p>`,
    }),
  },
  {
    weight: 1,
    value: (f, firstName) => ({
      category: 'feedback',
      subject: 'Thank you for your feedback',
      content:
        `${greeting(firstName)}<p>We have received your feedback and will answer within five business days.</p>` +
        list([`Reference: FB-${f.string.numeric(6)}`, 'Status: Received']) +
        `<p>Related questions may already be answered in the <a href="/app/FAQ">FAQ</a>.</p>`,
    }),
  },
  {
    weight: 1,
    value: (f, firstName, _instrument, createdAt) => {
      const contract = `C-${f.string.numeric(8)}`;
      const expiry = new Date(createdAt.getTime() + 60 * DAY_MINUTES * 60_000);
      return {
        category: 'system',
        subject: `Service contract ${contract} expires soon`,
        content:
          `${greeting(firstName)}<p>Your service contract <strong>${contract}</strong> expires on ` +
          `${escapeHtml(longDate(expiry))}. A renewal quote is attached.</p>` +
          list(['Coverage: parts, labour and travel', 'Preventive maintenance: one visit a year']) +
          `<p>Your contracts are on the <a href="/app/contractManagement">contracts</a> page.</p>`,
        attachmentName: `RenewalQuote_${contract}.pdf`,
      };
    },
  },
  {
    weight: 1,
    value: (f, firstName) => ({
      category: 'system',
      subject: `New in the portal: release ${f.number.int({ min: 3, max: 5 })}.${f.number.int({ min: 0, max: 9 })}`,
      content:
        `${greeting(firstName)}<p>A new version of the customer portal is available.</p>` +
        list([
          'Saved views for the work-order list',
          'Faster search in the instrument inventory',
          'Notifications can be filtered by category',
        ]) +
        `<p>Read the <a href="/app/releaseNote">release notes</a> for everything that changed.</p>`,
    }),
  },
];

/** A small, valid one-page PDF with a title and some lines (the demo world's attached documents). */
export function demoAttachmentPdf(title: string, lines: string[]): Buffer {
  const text = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = [
    'BT /F1 16 Tf 56 780 Td',
    `(${text(title)}) Tj`,
    '/F1 11 Tf',
    ...lines.map((line) => `0 -22 Td (${text(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The document attached to a demo message: made from the message, so it can be written again from the database. */
const attachmentOf = (subject: string, fileName: string) =>
  demoAttachmentPdf(fileName.replace(/\.pdf$/, '').replace(/_/g, ' '), [
    subject,
    'This document belongs to the demo world of the customer portal.',
  ]);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every user's notifications, in the customer of the user. Uses `f` last, so it shifts no other demo data. */
export async function seedNotifications(trx: Transaction<Database>, f: Faker, now = new Date()): Promise<void> {
  const users = await trx
    .selectFrom('users')
    .innerJoin('customers', 'customers.id', 'users.customer_id')
    .select(['users.id', 'users.customer_id', 'users.first_name', 'customers.encrypted_id'])
    .orderBy('users.id')
    .execute();
  const instruments = new Map<number, Instrument[]>();
  for (const customerId of new Set(users.map((u) => u.customer_id))) {
    const rows = await trx
      .selectFrom('equipment')
      .select(['id', 'mfg', 'model', 'serial'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .limit(25)
      .execute();
    instruments.set(customerId, rows);
  }
  const messages: NewMessage[] = [];
  for (const user of users) {
    const own = instruments.get(user.customer_id) ?? [];
    const count = f.number.int({ min: 8, max: 15 });
    for (let i = 0; i < count; i++) {
      const ageMinutes = f.number.int({ min: 5, max: 60 * DAY_MINUTES });
      const createdAt = new Date(now.getTime() - ageMinutes * 60_000);
      // Every user has at least one service report with a file; customers without instruments get no
      // instrument messages.
      const template =
        own.length === 0
          ? f.helpers.arrayElement(TEMPLATES.slice(4)).value
          : i === 0
            ? serviceReport
            : f.helpers.weightedArrayElement(TEMPLATES);
      const instrument = own.length > 0 ? f.helpers.arrayElement(own) : { id: 0, mfg: '', model: '', serial: '' };
      const draft = template(f, user.first_name, instrument, createdAt);
      const file = draft.attachmentName ? attachmentOf(draft.subject, draft.attachmentName) : undefined;
      messages.push({
        customer_id: user.customer_id,
        user_id: user.id,
        subject: draft.subject,
        content: draft.content,
        category: draft.category,
        is_read: f.datatype.boolean({ probability: ageMinutes > 7 * DAY_MINUTES ? 0.8 : 0.3 }),
        created_at: createdAt,
        attachments:
          draft.attachmentName && file
            ? [
                {
                  file_name: draft.attachmentName,
                  resource_key: newObjectKey(user.encrypted_id, 'Message', draft.attachmentName, sha256(file)),
                },
              ]
            : [],
      });
    }
  }
  await insertMessages(trx, messages);
}

/**
 * Put the demo messages' attached documents in the file store when they are missing (a new or emptied files
 * folder). A document is recognised by its content hash in the key; other attachments are left alone.
 */
export async function writeDemoAttachmentFiles(db: Kysely<Database>, storage: FileStorage): Promise<number> {
  const rows = await db
    .selectFrom('message_attachments as a')
    .innerJoin('messages as m', 'm.id', 'a.message_id')
    .select(['a.file_name', 'a.resource_key', 'm.subject', 'm.customer_id'])
    .execute();
  const bucket = BUCKET_OF_FILE_TYPE.Message;
  let written = 0;
  for (const row of rows) {
    const file = attachmentOf(row.subject, row.file_name);
    const hash = sha256(file);
    if (!row.resource_key.endsWith(`/${hash}.pdf`)) continue;
    await registerServerFile(
      db,
      { bucketName: bucket, resourceKey: row.resource_key },
      { customerId: row.customer_id, as: 'messageAttachment', size: file.length, sha256: hash },
    );
    if (await storage.hasObject(bucket, row.resource_key)) continue;
    await storage.putObject(bucket, row.resource_key, file);
    written++;
  }
  return written;
}
