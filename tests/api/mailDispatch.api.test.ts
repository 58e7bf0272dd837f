import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { SERVICE_WORK_TYPE_IDS } from '../../contract/limits';
import { ServicePriority } from '../../contract/serviceCalls';
import { openDatabase, type DatabaseHandle } from '../../api-mock/src/db/connect';
import { startMailDispatcher, type DispatchTiming, type MailDispatcher } from '../../api-mock/src/mail/dispatcher';
import { queueMail } from '../../api-mock/src/mail/outbox';
import { createServer, type RunningServer } from '../../api-mock/src/server';
import { uploadThroughSignedUrl } from '../support/apiCalls';
import { signedIn } from '../support/injectClient';
import { createDatabase } from '../support/postgres';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtpServer';
import { TEMPLATE_DATABASE, testWorldSnapshot } from '../support/worldSnapshot';

const MAIL_FROM = 'Instrument portal <no-reply@provider.example>';
/** Short waits, so retries happen within a test; many attempts, so a mail outlives an SMTP server that is down. */
const FAST: Partial<DispatchTiming> = {
  pollIntervalMs: 100,
  backoffBaseMs: 50,
  backoffMaxMs: 300,
  maxAttempts: 100,
  batchSize: 5,
  smtpTimeoutMs: 3000,
};
const WAIT = { timeout: 20_000, interval: 50 };

/** A server on a copy of the test world (PGlite, or a PostgreSQL database with API_DB=postgres), without the demo. */
async function startServer(opts: { smtpUrl?: string; mailTiming?: Partial<DispatchTiming>; demo?: boolean } = {}) {
  const adminUrl = inject('pgAdminUrl');
  const databaseUrl = adminUrl ? await createDatabase(adminUrl, { template: TEMPLATE_DATABASE }) : undefined;
  const server = await createServer({
    databaseUrl,
    pgliteSnapshot: (!databaseUrl && testWorldSnapshot()) || undefined,
    validateResponses: true,
    rateLimits: false,
    mailFrom: MAIL_FROM,
    publicOrigin: TEST_PUBLIC_ORIGIN,
    ...opts,
  });
  return { server, databaseUrl };
}

const rowsOf = (server: RunningServer, subjectPrefix: string) =>
  server.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('subject', 'like', `${subjectPrefix}%`)
    .orderBy('id')
    .execute();

const arrivedWith = (smtp: TestSmtpServer, subject: string) =>
  smtp.received.filter((r: ReceivedMail) => r.mail.subject === subject);

const outboxPage = async (server: RunningServer, query = '') => {
  const { jar } = await signedIn(server.app, 'pe@provider.example');
  return server.app.inject({ method: 'GET', url: `/dev/outbox${query}`, cookies: Object.fromEntries(jar) });
};

describe('with SMTP_URL: the dispatcher sends the outbox', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ server } = await startServer({ smtpUrl: smtp.url, mailTiming: FAST }));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it('delivers the mails of a new service request, with text, HTML, language and the attached file, and marks them sent', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const bytes = Buffer.from('%PDF-1.4 pump noise recording');
    const upload = await uploadThroughSignedUrl(server.app, client, {
      fileName: 'pump-noise.pdf',
      contentType: 'application/pdf',
      fileType: 'ServiceRequestAttachment',
      bytes,
    });
    const res = await client.serviceCalls.createRequest({
      body: {
        equipmentId: null,
        requestForOther: false,
        requestForUserId: null,
        issueType: String(SERVICE_WORK_TYPE_IDS[0]),
        priority: ServicePriority.High,
        issueText: 'Grinding noise &amp; <b>no</b> pressure',
        attachFiles: [
          { bucketName: upload.bucketName, resourceKey: upload.resourceKey, fileName: 'pump-noise.pdf', size: 29 },
        ],
        requestEmail: '',
        contactName: 'Uma Standard',
        email: 'user@acme-labs.example',
        officePhone: '+1 617 555 0100',
      },
    });
    expect(res.status).toBe(200);
    const { serviceOrderNo } = (res.body as { result: { serviceOrderNo: string } }).result;
    const subject = `Service request ${serviceOrderNo}: `;

    const rows = await vi.waitFor(async () => {
      const found = await rowsOf(server, subject);
      expect(found.length).toBeGreaterThan(0);
      for (const row of found) expect(row.sent_at).not.toBeNull();
      return found;
    }, WAIT);
    expect(rows.map((r) => [r.attempts, r.last_error, r.failed_at])).toEqual(rows.map(() => [1, null, null]));

    const copy = smtp.received.find((r) => r.recipients.includes('user@acme-labs.example'));
    expect(copy?.mail.subject).toBe(rows.at(-1)!.subject);
    const mail = copy!.mail;
    expect(mail.from?.value).toEqual([{ name: 'Instrument portal', address: 'no-reply@provider.example' }]);
    expect(mail.text).toContain('Grinding noise & <b>no</b> pressure');
    expect(mail.html).toContain('Grinding noise &amp; &lt;b&gt;no&lt;/b&gt; pressure');
    expect(mail.headers.get('content-language')).toBe('en-US');
    expect(mail.messageId).toMatch(/^<outbox-\d+-\d+@provider\.example>$/);
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['pump-noise.pdf', bytes.toString()],
    ]);
    for (const row of rows) expect(arrivedWith(smtp, row.subject)).toHaveLength(rows.length);
  });

  it('sends a mail in its language and never lets a subject or name start a header of its own', async () => {
    await queueMail(server.database.db, {
      to: ['kenji@acme-labs.example'],
      subject: 'Einladung\r\nBcc: thief@evil.example',
      body: 'Willkommen',
      html: '<p>Willkommen im <strong>Portal</strong></p>',
      language: 'de',
      attachments: [],
    });
    // A row written without queueMail (an older one, or a careless caller): the dispatcher cleans its headers too.
    await server.database.db
      .insertInto('mail_outbox')
      .values({
        to_addresses: 'kenji@acme-labs.example;lab@acme-labs.example\nBcc: thief@evil.example',
        subject: 'Raw\nX-Evil: 1',
        body: '.',
      })
      .execute();
    const [german, raw] = await vi.waitFor(() => {
      const found = ['Einladung Bcc: thief@evil.example', 'Raw X-Evil: 1'].map((s) =>
        smtp.received.find((r) => r.mail.subject === s)!,
      );
      expect(found.every(Boolean)).toBe(true);
      return found;
    }, WAIT);
    expect(german!.mail.headers.get('content-language')).toBe('de');
    expect(german!.mail.html).toContain('<p>Willkommen im <strong>Portal</strong></p>');
    for (const got of [german!, raw!]) {
      expect(got.raw).not.toMatch(/^(bcc|x-evil):/im);
      expect(got.recipients).toEqual(['kenji@acme-labs.example']);
    }
    // The address that would have smuggled in a recipient is left out, and said so.
    await vi.waitFor(async () => {
      const [row] = await rowsOf(server, 'Raw');
      expect(row?.last_error).toBe('Not sent to lab@acme-labs.example Bcc: thief@evil.example');
    }, WAIT);
  });

  it('keeps mails queued while the SMTP server is down and delivers each exactly once when it is back', async () => {
    await smtp.stop();
    for (let i = 0; i < 6; i++) {
      await queueMail(server.database.db, { to: [`lab${i}@acme-labs.example`], subject: `Outage ${i}`, body: `#${i}` });
    }
    await vi.waitFor(async () => {
      const rows = await rowsOf(server, 'Outage ');
      expect(rows.filter((r) => r.attempts >= 2 && r.last_error !== null && r.sent_at === null)).toHaveLength(6);
    }, WAIT);
    expect((await outboxPage(server, '?state=pending')).body).toMatch(/pending: \d+ attempt\(s\), next try <time>/);

    await smtp.start();
    await vi.waitFor(async () => {
      const rows = await rowsOf(server, 'Outage ');
      expect(rows.filter((r) => r.sent_at !== null && r.failed_at === null)).toHaveLength(6);
    }, WAIT);
    // A mail queued afterwards arrives after every earlier one was handled: then no copy may still come.
    await queueMail(server.database.db, { to: ['last@acme-labs.example'], subject: 'After the outage', body: '.' });
    await vi.waitFor(() => expect(arrivedWith(smtp, 'After the outage')).toHaveLength(1), WAIT);
    for (let i = 0; i < 6; i++) expect(arrivedWith(smtp, `Outage ${i}`)).toHaveLength(1);
  });

  it('marks a mail the server refuses for good as failed, with the error on the outbox page', async () => {
    smtp.refuseRecipients((address) => address === 'gone@acme-labs.example');
    try {
      await queueMail(server.database.db, { to: ['gone@acme-labs.example'], subject: 'To <nobody>', body: '.' });
      const [row] = await vi.waitFor(async () => {
        const rows = await rowsOf(server, 'To <nobody>');
        expect(rows[0]?.failed_at).not.toBeNull();
        return rows;
      }, WAIT);
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row!.last_error).toContain('550');

      for (const query of ['', '?state=failed']) {
        const page = await outboxPage(server, query);
        expect(page.statusCode).toBe(200);
        const article = page.body.slice(page.body.indexOf(`data-mail-id="${row!.id}"`));
        expect(article).toMatch(/^[^]*?<dd data-state="failed"><strong>failed permanently<\/strong>/);
        expect(article).toContain('To &lt;nobody&gt;');
        expect(article).toContain('550');
      }
      expect((await outboxPage(server, '?state=failed')).body).not.toContain('data-state="sent"');
      expect((await outboxPage(server)).body).toMatch(/data-summary>.*[1-9]\d* failed permanently/);
    } finally {
      smtp.refuseRecipients(null);
    }
  });

  it('refuses a state it does not know and serves the page to provider staff only', async () => {
    expect((await outboxPage(server, '?state=lost')).statusCode).toBe(400);
    expect((await outboxPage(server, `?state=${'x'.repeat(5000)}`)).statusCode).toBe(400);
    const { jar } = await signedIn(server.app, 'admin@acme-labs.example');
    const admin = await server.app.inject({ method: 'GET', url: '/dev/outbox', cookies: Object.fromEntries(jar) });
    expect(admin.statusCode).toBe(403);
  });
});

describe('several dispatchers on one outbox', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let databaseUrl: string | undefined;
  const extraHandles: DatabaseHandle[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ server, databaseUrl } = await startServer({ demo: true }));
  });
  afterAll(async () => {
    await server?.close();
    for (const handle of extraHandles) await handle.close();
    await smtp?.stop();
  });

  /** On PostgreSQL a database handle of its own, as another server process has; PGlite has one. */
  const anotherHandle = async () => {
    if (!databaseUrl) return server.database;
    const handle = await openDatabase({ databaseUrl });
    extraHandles.push(handle);
    return handle;
  };

  const dispatcher = (handle: DatabaseHandle, timing: Partial<DispatchTiming> = FAST) =>
    startMailDispatcher({
      db: handle.db,
      listen: handle.listen,
      storage: server.storage,
      smtpUrl: smtp.url,
      from: MAIL_FROM,
      timing,
    });

  it('without SMTP_URL sends nothing and keeps the outbox page as it was', async () => {
    await queueMail(server.database.db, { to: ['idle@acme-labs.example'], subject: 'Stays queued', body: '.' });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received).toEqual([]);
    expect(await rowsOf(server, 'Stays queued')).toEqual([expect.objectContaining({ attempts: 0, sent_at: null })]);
    const page = await outboxPage(server);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('not sent (no mail transport)');
    expect(page.body).not.toContain('data-state');
    expect(page.body).not.toContain('data-summary');
  });

  it('two dispatchers at once send every mail exactly once', async () => {
    const handles = [server.database, await anotherHandle()];
    const count = 60;
    const dispatchers: MailDispatcher[] = [];
    try {
      // Both running before the mails come, so both wake on each notification and race for the same rows.
      for (const handle of handles) dispatchers.push(await dispatcher(handle, { ...FAST, batchSize: 3 }));
      for (let i = 0; i < count; i++) {
        await queueMail(handles[i % 2]!.db, { to: [`many${i}@acme-labs.example`], subject: `Race ${i}`, body: '.' });
      }
      await vi.waitFor(async () => {
        const rows = await rowsOf(server, 'Race ');
        expect(rows.filter((r) => r.sent_at !== null)).toHaveLength(count);
      }, WAIT);
      await queueMail(server.database.db, { to: ['end@acme-labs.example'], subject: 'After the race', body: '.' });
      await vi.waitFor(() => expect(arrivedWith(smtp, 'After the race')).toHaveLength(1), WAIT);
    } finally {
      for (const d of dispatchers) await d.stop();
    }
    for (let i = 0; i < count; i++) expect(arrivedWith(smtp, `Race ${i}`)).toHaveLength(1);
    const rows = await rowsOf(server, 'Race ');
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('sends a mail again whose dispatcher died mid-send, once its lease has run out', async () => {
    // As a process leaves it that claimed the mail and died: one attempt counted, its lease still running.
    const orphan = await server.database.db
      .insertInto('mail_outbox')
      .values({
        to_addresses: 'orphan@acme-labs.example',
        subject: 'Orphaned',
        body: '.',
        attempts: 1,
        leased_until: sql`now() + interval '1 second'`,
      })
      .returning('leased_until')
      .executeTakeFirstOrThrow();
    const d = await dispatcher(await anotherHandle());
    try {
      const [row] = await vi.waitFor(async () => {
        const rows = await rowsOf(server, 'Orphaned');
        expect(rows[0]?.sent_at).not.toBeNull();
        return rows;
      }, WAIT);
      expect(row!.attempts).toBe(2);
      expect(new Date(row!.sent_at!).getTime()).toBeGreaterThanOrEqual(new Date(orphan.leased_until!).getTime());
      expect(arrivedWith(smtp, 'Orphaned')).toHaveLength(1);
    } finally {
      await d.stop();
    }
  });

  it('gives up after the most attempts, with the last error kept', async () => {
    await smtp.stop();
    const handle = await anotherHandle();
    const d = await dispatcher(handle, { ...FAST, maxAttempts: 3 });
    try {
      await queueMail(server.database.db, { to: ['later@acme-labs.example'], subject: 'Never delivered', body: '.' });
      const [row] = await vi.waitFor(async () => {
        const rows = await rowsOf(server, 'Never delivered');
        expect(rows[0]?.failed_at).not.toBeNull();
        return rows;
      }, WAIT);
      expect(row).toMatchObject({ attempts: 3, sent_at: null });
      expect(row!.last_error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    } finally {
      await d.stop();
      await smtp.start();
    }
  });
});
