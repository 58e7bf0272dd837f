import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import {
  CONTACT_CHALLENGES,
  CONTACT_METHOD,
  CONTACT_TIMELINES,
  CONTACT_TYPE,
  CONTACT_US_REFUSAL,
  FEEDBACK_FILE_MAX_BYTES,
  FEEDBACK_REFUSAL,
  SUPPORT_CATEGORIES,
  type ContactUsRequestInput,
  type FeedbackRequestInput,
} from '../../contract/feedback';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, type UploadUrl } from '../../contract/images';
import { FEEDBACK_INBOX } from '../../api-mock/src/feedback/router';
import { leavesNoTrace, traceCounts } from '../support/traces';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

/** The contact-us addresses of the All routing the portal starts with (migration 029). */
const CONTACT_US_INBOX: Readonly<Record<number, string>> = {
  [CONTACT_TYPE.Sales]: 'sales@provider.example',
  [CONTACT_TYPE.InstrumentRelocation]: 'instrument-relocation@provider.example',
  [CONTACT_TYPE.TechnicalSupport]: 'technical-support@provider.example',
};

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let globex: InjectClient;
beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
});
afterAll(() => server.close());

const request = {
  firstName: 'Lena',
  lastName: 'Lab',
  emailAddress: 'lena@newlab.example',
  telephone: '+49 30 1234 567',
  companyName: 'New Lab GmbH',
  countryId: 81,
  country: 'Germany',
  comments: 'We bought two instruments last month and need portal access.',
};

const count = async (table: 'contact_requests' | 'mail_outbox') =>
  Number(
    (
      await server.database.db
        .selectFrom(table)
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('Users/ContactUs/Request (no account)', () => {
  it('stores the request without a session, queues a mail to the provider and records an event', async () => {
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({ body: request });
    expect(res.body).toEqual({ errorCode: 0, result: null });
    const stored = await server.database.db.selectFrom('contact_requests').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.email).toBe('lena@newlab.example');
    const mail = await server.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Lena Lab');
    expect(mail.body).toContain('New Lab GmbH');
    const events = await server.database.db
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'contactRequest')
      .execute();
    expect(events).toEqual([{ event_type: 'contactRequest.created' }]);
  });

  it('refuses a request without a valid e-mail and telephone, with the message keys, and stores nothing', async () => {
    const before = [await count('contact_requests'), await count('mail_outbox')];
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({
      body: { ...request, emailAddress: 'not-an-address', telephone: '' },
    });
    expect(res.status).toBe(400);
    const issues = (res.body as ErrorBody).issues ?? [];
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['emailAddress'], message: 'lblEmailsWarning' }),
        expect.objectContaining({ path: ['telephone'], message: 'required_field' }),
      ]),
    );
    expect([await count('contact_requests'), await count('mail_outbox')]).toEqual(before);
  });

  it('needs the anti-forgery header like every changing call', async () => {
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({ body: request, xsrf: false });
    expect(res.status).toBe(403);
  });
});

const db = () => server.database.db;

/** Everything a feedback or contact request leaves behind: stored request, queued mail, event, notification. */
const traces = traceCounts(
  db,
  { requests: 'contact_requests', mails: 'mail_outbox', messages: 'messages' },
  'contactRequest',
);

/** Runs a refused call and checks that nothing was stored, queued, recorded or notified. */
const refusedWithoutTrace = <T>(call: () => Promise<T>) => leavesNoTrace(traces, call);

const issuesOf = (res: { body: unknown }) =>
  ((res.body as ErrorBody).issues ?? []).map((i) => [i.path.join('.'), i.message]);

const lastRequest = () =>
  db().selectFrom('contact_requests').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
const lastMail = () => db().selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

/** A PNG of one pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads bytes through a signed URL as the browser does (a feedback attachment unless told otherwise). */
async function upload(
  client: InjectClient,
  fileName = 'screenshot.png',
  bytes = PNG,
  fileType: 'FeedbackAttachment' | 'EquipmentImage' = 'FeedbackAttachment',
  contentType = 'image/png',
) {
  const res = await client.images.requestUploadUrl({
    body: { fileName, contentType, size: bytes.length, fileType },
  });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`no upload URL: ${JSON.stringify(res.body)}`);
  const target = res.body.result as UploadUrl;
  const put = await server.app.inject({
    method: 'PUT',
    url: target.uploadUrl,
    headers: target.headers,
    payload: bytes,
  });
  expect(put.statusCode).toBe(200);
  return { resourceKey: target.resourceKey, bucketName: target.bucketName, fileName, size: bytes.length };
}

const feedback = (overrides: Partial<FeedbackRequestInput> = {}): FeedbackRequestInput => ({
  emailTo: '',
  issueDescription: 'The export keeps my column order &amp; filters &lt;great&gt;, but the date is in UTC.',
  attachFiles: [],
  ...overrides,
});

describe('POST Users/feedback', () => {
  it('stores the feedback with its attachments, queues one mail, records an event and acknowledges it', async () => {
    const shot = await upload(acme, 'export-dialog.png');
    const clip = await upload(acme, 'steps.mp4', Buffer.from('....ftypisom....'), 'FeedbackAttachment', 'video/mp4');
    const before = await traces();
    const res = await acme.feedback.sendFeedback({
      body: feedback({
        emailTo: 'manager@acme-labs.example; admin@acme-labs.example;',
        attachFiles: [shot, { ...clip, size: 1 }],
      }),
    });
    expect(res.body).toEqual({ errorCode: 0, result: null });
    expect(await traces()).toEqual({
      requests: before.requests + 1,
      mails: before.mails + 1,
      messages: before.messages + 1,
      events: before.events + 1,
    });

    const me = await db()
      .selectFrom('users')
      .select(['id', 'customer_id'])
      .where('email', '=', 'user@acme-labs.example')
      .executeTakeFirstOrThrow();
    const stored = await lastRequest();
    expect(stored).toMatchObject({
      kind: 'feedback',
      user_id: me.id,
      customer_id: me.customer_id,
      email: 'user@acme-labs.example',
    });
    expect(stored.payload).toMatchObject({
      emailTo: 'manager@acme-labs.example;admin@acme-labs.example',
      issueDescription: feedback().issueDescription,
      // The size kept is the stored file's, not the one the request declares.
      attachFiles: [shot, { ...clip, size: 16 }],
    });

    const mail = await lastMail();
    expect(mail.to_addresses).toBe(`${FEEDBACK_INBOX};manager@acme-labs.example;admin@acme-labs.example`);
    expect(mail.subject).toMatch(/^Portal feedback FB-\d{6} from Uma Standard \(Acme Labs\)$/);
    // The mail is plain text: the escaped description reads as typed.
    expect(mail.body).toContain('The export keeps my column order & filters <great>, but the date is in UTC.');
    expect(mail.body).toContain('export-dialog.png');
    expect(mail.body).toContain('steps.mp4');

    const event = await db()
      .selectFrom('events')
      .selectAll()
      .where('entity_type', '=', 'contactRequest')
      .where('entity_id', '=', String(stored.id))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ event_type: 'contactRequest.created', actor_id: me.id, customer_id: me.customer_id });
    expect(event.payload).toMatchObject({ kind: 'feedback', attachments: ['export-dialog.png', 'steps.mp4'] });

    const message = await db()
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', me.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ category: 'feedback', subject: 'Thank you for your feedback', is_read: false });
    // HTML of the notification: the text escaped exactly once.
    expect(message.content).toContain('filters &lt;great&gt;');
    expect(message.content).not.toContain('&amp;lt;');
  });

  it('sends feedback without attachments and without a notification list to the feedback inbox only', async () => {
    const res = await acme.feedback.sendFeedback({ body: { issueDescription: 'Please add a dark theme.' } });
    expect(res.body).toEqual({ errorCode: 0, result: null });
    expect((await lastMail()).to_addresses).toBe(FEEDBACK_INBOX);
  });

  it('refuses a blank description with required_field, and stores nothing', async () => {
    for (const issueDescription of ['', '   \n ']) {
      const res = await refusedWithoutTrace(() => acme.feedback.sendFeedback({ body: feedback({ issueDescription }) }));
      expect(res.status).toBe(400);
      expect(issuesOf(res)).toEqual([['issueDescription', 'required_field']]);
    }
  });

  it('refuses a notification list with an invalid address with lblEmailsWarning, and stores nothing', async () => {
    for (const emailTo of ['admin@acme-labs.example; not-an-address', 'a@b.example, c@d.example', 'desk@']) {
      const res = await refusedWithoutTrace(() => acme.feedback.sendFeedback({ body: feedback({ emailTo }) }));
      expect(res.status).toBe(400);
      expect(issuesOf(res)).toEqual([['emailTo', 'lblEmailsWarning']]);
    }
  });

  it('refuses more than 4 files, a type outside jpg jpeg gif png mp4, and a file over 3 MB', async () => {
    const file = await upload(acme);
    const cases: Array<[Partial<FeedbackRequestInput>, string, string]> = [
      [{ attachFiles: [file, file, file, file, file] }, 'attachFiles', 'Attach_smaller_maxFile'],
      [{ attachFiles: [{ ...file, fileName: 'notes.txt' }] }, 'attachFiles.0.fileName', FILE_TYPE_MESSAGE],
      [{ attachFiles: [{ ...file, fileName: 'photo.bmp' }] }, 'attachFiles.0.fileName', FILE_TYPE_MESSAGE],
      [{ attachFiles: [{ ...file, size: FEEDBACK_FILE_MAX_BYTES + 1 }] }, 'attachFiles.0.size', FILE_SIZE_MESSAGE],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await refusedWithoutTrace(() => acme.feedback.sendFeedback({ body: feedback(overrides) }));
      expect(res.status).toBe(400);
      expect(issuesOf(res)).toContainEqual([path, message]);
    }
  });

  it('takes exactly 4 files, each in jpg, jpeg, gif, png or mp4', async () => {
    const files = [
      await upload(acme, 'a.jpg', PNG, 'FeedbackAttachment', 'image/jpeg'),
      await upload(acme, 'b.jpeg', PNG, 'FeedbackAttachment', 'image/jpeg'),
      await upload(acme, 'c.gif', PNG, 'FeedbackAttachment', 'image/gif'),
      await upload(acme, 'd.png'),
    ];
    const res = await acme.feedback.sendFeedback({ body: feedback({ attachFiles: files }) });
    expect(res.body).toEqual({ errorCode: 0, result: null });
  });

  it("refuses another customer's attachment (403) and stores nothing", async () => {
    const theirs = await upload(globex, 'globex-secret.png');
    const res = await refusedWithoutTrace(() =>
      acme.feedback.sendFeedback({ body: feedback({ attachFiles: [theirs] }) }),
    );
    expect(res.status).toBe(403);
  });

  it('refuses a file of the customer uploaded for something else (an equipment image)', async () => {
    const image = await upload(acme, 'pump.png', PNG, 'EquipmentImage');
    const res = await refusedWithoutTrace(() =>
      acme.feedback.sendFeedback({ body: feedback({ attachFiles: [image] }) }),
    );
    expect(res.status).toBe(403);
  });

  it('refuses a file that was never uploaded, with its message key', async () => {
    const real = await upload(acme);
    const missing = { ...real, resourceKey: real.resourceKey.replace(/[^/]+(?=\.png$)/, '0'.repeat(32)) };
    const res = await refusedWithoutTrace(() =>
      acme.feedback.sendFeedback({ body: feedback({ attachFiles: [real, missing] }) }),
    );
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errorMessage).toBe(FEEDBACK_REFUSAL.attachmentMissing);
  });

  it('needs a session and the anti-forgery header', async () => {
    const anonymous = injectClient(server.app).client;
    const res = await refusedWithoutTrace(() => anonymous.feedback.sendFeedback({ body: feedback() }));
    expect(res.status).toBe(401);
    const forged = await refusedWithoutTrace(() =>
      acme.feedback.sendFeedback({ body: feedback(), xsrf: false } as never),
    );
    expect(forged.status).toBe(403);
  });
});

const idOf = (list: readonly string[], code: string) => list.indexOf(code) + 1;

/** Germany's id in the configuration's country list. */
const GERMANY = 57;

const support = (overrides: Partial<ContactUsRequestInput> = {}): ContactUsRequestInput => ({
  type: CONTACT_TYPE.TechnicalSupport,
  firstName: 'Uma',
  lastName: 'Standard',
  companyName: 'Acme Labs',
  countryId: GERMANY,
  country: 'Germany',
  contactMethod: CONTACT_METHOD.Email,
  emailAddress: 'user@acme-labs.example',
  telephone: null,
  callTime: null,
  category: idOf(SUPPORT_CATEGORIES, 'icpOes'),
  model: 'Avio 550 Max',
  comments: 'Plasma does not ignite after the argon supply was changed.',
  ...overrides,
});

const sales = (overrides: Partial<ContactUsRequestInput> = {}): ContactUsRequestInput => ({
  ...support({ category: null, model: null }),
  type: CONTACT_TYPE.Sales,
  challenge: idOf(CONTACT_CHALLENGES, 'increaseThroughput'),
  timeline: idOf(CONTACT_TIMELINES, 'within3Months'),
  requestQuote: 'Two autosamplers',
  ...overrides,
});

const relocation = (overrides: Partial<ContactUsRequestInput> = {}): ContactUsRequestInput => ({
  ...support({ category: null, model: null }),
  type: CONTACT_TYPE.InstrumentRelocation,
  instruments: '6-20',
  location: 'Building 2, room 114, Boston',
  relocation: 'Building 7, room 3, Cambridge',
  moveDate: '2030-05-01',
  ...overrides,
});

const contact = (body: ContactUsRequestInput, client = acme, type = body.type as number) =>
  client.feedback.contactUs({ params: { type }, body });

describe('POST Users/{type}/contactUs', () => {
  it('stores a technical-support request and routes its mail to the technical-support inbox', async () => {
    const before = await traces();
    const res = await contact(support());
    expect(res.body).toEqual({ errorCode: 0, result: null });
    expect(await traces()).toEqual({
      ...before,
      requests: before.requests + 1,
      mails: before.mails + 1,
      events: before.events + 1,
    });
    const stored = await lastRequest();
    expect(stored).toMatchObject({ kind: 'contactUs', email: 'user@acme-labs.example' });
    expect(stored.payload).toMatchObject({ type: 3, category: idOf(SUPPORT_CATEGORIES, 'icpOes'), country: 'Germany' });
    const mail = await lastMail();
    expect(mail.to_addresses).toBe(CONTACT_US_INBOX[CONTACT_TYPE.TechnicalSupport]);
    expect(mail.subject).toBe('Technical support request from Uma Standard, Acme Labs');
    expect(mail.body).toContain('Category: icp oes');
    expect(mail.body).toContain('Model: Avio 550 Max');
    expect(mail.body).toContain('Country: Germany');
    expect(mail.body).toContain('Portal account: user@acme-labs.example (Acme Labs)');
    const event = await db()
      .selectFrom('events')
      .select(['event_type', 'payload'])
      .where('entity_type', '=', 'contactRequest')
      .where('entity_id', '=', String(stored.id))
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      event_type: 'contactRequest.created',
      payload: { kind: 'contactUs', type: 3, routedTo: CONTACT_US_INBOX[CONTACT_TYPE.TechnicalSupport] },
    });
  });

  it('routes sales and relocation requests to their inboxes with their fields', async () => {
    expect((await contact(sales())).body).toEqual({ errorCode: 0, result: null });
    let mail = await lastMail();
    expect(mail.to_addresses).toBe(CONTACT_US_INBOX[CONTACT_TYPE.Sales]);
    expect(mail.body).toContain('Challenge: increase throughput');
    expect(mail.body).toContain('Timeline: within 3 months');
    expect((await contact(relocation())).body).toEqual({ errorCode: 0, result: null });
    mail = await lastMail();
    expect(mail.to_addresses).toBe(CONTACT_US_INBOX[CONTACT_TYPE.InstrumentRelocation]);
    expect(mail.body).toContain('New location: Building 7, room 3, Cambridge');
    expect(mail.body).toContain('Move date: 2030-05-01');
  });

  it('takes a relocation without a move date, and a phone request with a call time', async () => {
    const res = await contact(
      relocation({
        moveDate: null,
        contactMethod: CONTACT_METHOD.Phone,
        emailAddress: null,
        telephone: '+1 (617) 555-0100',
        callTime: '10:00-12:00',
      }),
    );
    expect(res.body).toEqual({ errorCode: 0, result: null });
    expect((await lastMail()).body).toContain('Call time: 10:00-12:00');
  });

  it('refuses a request without a type with request_type_tips, and a path type that is not the body type', async () => {
    const untyped = await refusedWithoutTrace(() => contact({ ...support(), type: null as never }, acme, 3));
    expect(untyped.status).toBe(400);
    expect(issuesOf(untyped)).toContainEqual(['type', 'request_type_tips']);
    const mismatch = await refusedWithoutTrace(() => contact(support(), acme, CONTACT_TYPE.Sales));
    expect(mismatch.status).toBe(400);
    expect((mismatch.body as ErrorBody).errorMessage).toBe(CONTACT_US_REFUSAL.typeMismatch);
  });

  it('requires what each type needs: sales challenge and timeline, relocation count and both locations, support category', async () => {
    const cases: Array<[ContactUsRequestInput, string[]]> = [
      [sales({ challenge: null, timeline: undefined }), ['challenge', 'timeline']],
      [relocation({ instruments: null, location: '  ', relocation: '' }), ['instruments', 'location', 'relocation']],
      [support({ category: null }), ['category']],
    ];
    for (const [body, fields] of cases) {
      const res = await refusedWithoutTrace(() => contact(body));
      expect(res.status).toBe(400);
      expect(issuesOf(res)).toEqual(fields.map((f) => [f, 'required_field']));
    }
  });

  it('requires first and last name, and the contact details of the chosen method', async () => {
    const cases: Array<[Partial<ContactUsRequestInput>, string[]]> = [
      [{ firstName: ' ', lastName: '' }, ['firstName', 'lastName']],
      [{ contactMethod: CONTACT_METHOD.Email, emailAddress: '' }, ['emailAddress']],
      [
        { contactMethod: CONTACT_METHOD.Phone, emailAddress: null, telephone: '', callTime: null },
        ['telephone', 'callTime'],
      ],
      [{ contactMethod: CONTACT_METHOD.SeeComments, comments: '' }, ['comments']],
      [{ contactMethod: null as never }, ['contactMethod']],
    ];
    for (const [overrides, fields] of cases) {
      const res = await refusedWithoutTrace(() => contact(support(overrides)));
      expect(res.status).toBe(400);
      expect(issuesOf(res)).toEqual(fields.map((f) => [f, 'required_field']));
    }
  });

  it('checks the e-mail, the telephone pattern and every maximum length', async () => {
    const cases: Array<[Partial<ContactUsRequestInput>, string, string]> = [
      [{ emailAddress: 'uma@acme' }, 'emailAddress', 'lblEmailsWarning'],
      [{ emailAddress: `${'u'.repeat(50)}@acme-labs.example` }, 'emailAddress', 'too_big'],
      [{ telephone: '+1 617 CALL ME' }, 'telephone', 'phone'],
      [{ telephone: '1'.repeat(21) }, 'telephone', 'too_big'],
      [{ firstName: 'x'.repeat(31) }, 'firstName', 'too_big'],
      [{ lastName: 'x'.repeat(31) }, 'lastName', 'too_big'],
      [{ companyName: 'x'.repeat(61) }, 'companyName', 'too_big'],
      [{ comments: 'x'.repeat(2001) }, 'comments', 'too_big'],
      [{ model: 'x'.repeat(101) }, 'model', 'too_big'],
      [{ category: SUPPORT_CATEGORIES.length + 1 }, 'category', 'too_big'],
      [{ callTime: '17:00-19:00' as never }, 'callTime', 'invalid_enum_value'],
    ];
    for (const [overrides, path, expected] of cases) {
      const res = await refusedWithoutTrace(() => contact(support(overrides)));
      expect(res.status).toBe(400);
      const issues = (res.body as ErrorBody).issues ?? [];
      expect(
        issues.some((i) => i.path.join('.') === path && (i.message === expected || i.code === expected)),
        `${path} ${expected}: ${JSON.stringify(issues)}`,
      ).toBe(true);
    }
    const long = await refusedWithoutTrace(() =>
      contact(relocation({ location: 'x'.repeat(101), relocation: 'y'.repeat(101) })),
    );
    expect(((long.body as ErrorBody).issues ?? []).map((i) => [i.path[0], i.code])).toEqual([
      ['location', 'too_big'],
      ['relocation', 'too_big'],
    ]);
    const options = await refusedWithoutTrace(() =>
      contact(sales({ challenge: CONTACT_CHALLENGES.length + 1, timeline: 0 })),
    );
    expect(((options.body as ErrorBody).issues ?? []).map((i) => i.path[0])).toEqual(['challenge', 'timeline']);
  });

  it('refuses a country id the configuration does not know, and names a known one in the mail', async () => {
    const res = await refusedWithoutTrace(() => contact(support({ countryId: 9999, country: 'Atlantis' })));
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errorMessage).toBe(CONTACT_US_REFUSAL.unknownCountry);
    expect((await contact(support({ countryId: GERMANY, country: 'Deutschland' }))).body).toEqual({
      errorCode: 0,
      result: null,
    });
    expect((await lastMail()).body).toContain('Country: Germany');
  });

  it('keeps the request of each customer apart, and needs a session', async () => {
    expect((await contact(support({ firstName: 'Gina', companyName: 'Globex' }), globex)).body).toEqual({
      errorCode: 0,
      result: null,
    });
    const gina = await db()
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', 'user@globex.example')
      .executeTakeFirstOrThrow();
    expect((await lastRequest()).customer_id).toBe(gina.customer_id);
    const anonymous = injectClient(server.app).client;
    const res = await refusedWithoutTrace(() => contact(support(), anonymous));
    expect(res.status).toBe(401);
  });
});
