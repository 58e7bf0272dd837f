import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMethod, USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { MessageKey } from '../../contract/errors';
import { CONTACT_METHOD, CONTACT_TYPE, FEEDBACK_REFUSAL, SUPPORT_CATEGORIES } from '../../contract/feedback';
import { MAIL_QUOTA_PER_HOUR, MAIL_QUOTA_WINDOW_SECONDS, ROLE, SERVICE_WORK_TYPE_IDS } from '../../contract/limits';
import { ServicePriority } from '../../contract/serviceCalls';
import { countMailsCausedSince } from '../../api-mock/src/mail/quota';
import { FEEDBACK_INBOX } from '../../api-mock/src/feedback/router';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
const db = () => server.database.db;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const userOf = (email: string) =>
  db()
    .selectFrom('users')
    .select(['id', 'customer_id', 'first_name', 'last_name', 'email'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

const clientOf = async (email: string) => (await signedIn(server.app, email)).client;

const feedback = (emailTo = '') => ({ emailTo, issueDescription: 'The export dialog forgets my columns.' });

const hourAgo = () => new Date(Date.now() - MAIL_QUOTA_WINDOW_SECONDS * 1000);

/** Rows the quota counts, written as a call would: `recipients` addresses caused by `userId`, `minutesAgo` ago. */
const mailsCaused = (userId: number, recipients: number, minutesAgo = 0) =>
  db()
    .insertInto('mail_outbox')
    .values({
      to_addresses: Array.from({ length: recipients }, (_, i) => `earlier${i}@acme-labs.example`).join(';'),
      subject: 'An earlier mail',
      body: 'earlier',
      caused_by: userId,
      created_at: sql`now() - ${minutesAgo} * interval '1 minute'`,
    })
    .execute();

/** Rows of the tables a refused call must leave as they are. */
const traces = async () =>
  Promise.all(
    (['mail_outbox', 'contact_requests', 'service_calls', 'contract_change_requests', 'users'] as const).map(
      async (table) =>
        Number(
          (
            await db()
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
    ),
  );

const lastMails = (count: number) =>
  db().selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(count).execute();

const expectQuotaRefusal = (res: { status: number; body: unknown; headers: Headers }) => {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ errorCode: 429, errorMessage: MessageKey.mailQuota });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(MAIL_QUOTA_WINDOW_SECONDS);
  return retryAfter;
};

describe('the hourly quota of mails a user causes', () => {
  it(`allows ${MAIL_QUOTA_PER_HOUR} recipients an hour; the next call answers 429 with Retry-After and queues nothing; another user is unaffected`, async () => {
    const uma = await userOf('user@acme-labs.example');
    const client = await clientOf(uma.email);
    // Each call mails the feedback inbox and two colleagues: three recipients.
    const copies = 'manager@acme-labs.example; admin@acme-labs.example';
    for (let i = 0; i < 3; i++) {
      expect((await client.feedback.sendFeedback({ body: feedback(copies) })).status).toBe(200);
    }
    expect(await countMailsCausedSince(db(), uma.id, hourAgo())).toBe(9);
    await mailsCaused(uma.id, MAIL_QUOTA_PER_HOUR - 9 - 3);
    const last = await client.feedback.sendFeedback({ body: feedback(copies) });
    expect(last.status).toBe(200);
    expect(await countMailsCausedSince(db(), uma.id, hourAgo())).toBe(MAIL_QUOTA_PER_HOUR);

    const before = await traces();
    const refused = await client.feedback.sendFeedback({ body: feedback() });
    // The counted mails were queued moments ago: the first leaves the window in about an hour.
    expect(expectQuotaRefusal(refused)).toBeGreaterThan(MAIL_QUOTA_WINDOW_SECONDS - 120);
    expect(await traces()).toEqual(before);

    const manager = await clientOf('manager@acme-labs.example');
    expect((await manager.feedback.sendFeedback({ body: feedback() })).status).toBe(200);
  });

  it('says in Retry-After when enough counted mails leave the hour; older mails do not count', async () => {
    const admin = await userOf('admin@acme-labs.example');
    const client = await clientOf(admin.email);
    await mailsCaused(admin.id, MAIL_QUOTA_PER_HOUR, 61);
    await mailsCaused(admin.id, MAIL_QUOTA_PER_HOUR - 1, 50);
    expect((await client.feedback.sendFeedback({ body: feedback() })).status).toBe(200);
    const before = await traces();
    const retryAfter = expectQuotaRefusal(await client.feedback.sendFeedback({ body: feedback() }));
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await traces()).toEqual(before);
  });
});

describe('every call that mails for a user', () => {
  let manager: Awaited<ReturnType<typeof userOf>>;
  let client: InjectClient;
  let instrumentId: number;
  let locationId: number;
  beforeAll(async () => {
    manager = await userOf('manager@acme-labs.example');
    client = await clientOf(manager.email);
    instrumentId = (
      await db()
        .selectFrom('equipment')
        .select('id')
        .where('customer_id', '=', manager.customer_id)
        .where('is_hidden', '=', false)
        .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    locationId = (
      await db()
        .selectFrom('locations')
        .select('id')
        .where('customer_id', '=', manager.customer_id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  const calls: Record<string, () => Promise<{ status: number; body: unknown; headers: Headers }>> = {
    feedback: () => client.feedback.sendFeedback({ body: feedback('admin@acme-labs.example') }),
    'contact us': () =>
      client.feedback.contactUs({
        params: { type: CONTACT_TYPE.TechnicalSupport },
        body: {
          type: CONTACT_TYPE.TechnicalSupport,
          firstName: 'Mark',
          lastName: 'Manager',
          contactMethod: CONTACT_METHOD.Email,
          emailAddress: 'manager@acme-labs.example',
          category: SUPPORT_CATEGORIES.indexOf('icpOes') + 1,
          comments: 'Plasma does not ignite.',
        },
      }),
    'service request': () =>
      client.serviceCalls.createRequest({
        body: {
          equipmentId: null,
          requestForOther: false,
          requestForUserId: null,
          issueType: String(SERVICE_WORK_TYPE_IDS[0]),
          priority: ServicePriority.Medium,
          issueText: 'The pump makes a grinding noise.',
          attachFiles: [],
          // The notification list takes free addresses (spec 2 section 5).
          requestEmail: 'service.partner@elsewhere.example',
          contactName: 'Mark Manager',
          email: 'manager@acme-labs.example',
          officePhone: '',
        },
      }),
    'contract request': () =>
      client.equipment.requestContract({
        body: {
          equipmentId: instrumentId,
          userName: 'Mark Manager',
          firstName: 'Mark',
          lastName: 'Manager',
          emailAddress: 'manager@acme-labs.example',
          telephone: '+1 617 555 0100',
          contactMethod: ContactMethod.ByEmail,
          comments: 'Please quote a Gold plan.',
        },
      }),
    invitation: () =>
      client.accountManagement.inviteUser({
        body: {
          emailTo: [`quota.${Date.now()}.${Math.random().toString(36).slice(2)}@newcomer.example`],
          locationId,
          roleId: ROLE.StandardUser,
          type: 1,
          language: 'fr',
        },
      }),
  };

  it.each(Object.keys(calls))(
    '%s: the mails count for the user and name them, in the mail’s language',
    async (name) => {
      const before = (await lastMails(1))[0]?.id ?? 0;
      const res = await calls[name]!();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ errorCode: 0 });
      const mails = (await lastMails(5)).filter((m) => m.id > before);
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) {
        expect(mail.caused_by).toBe(manager.id);
        const line =
          mail.language === 'fr'
            ? 'Envoyé par le portail des instruments à la demande de Mark Manager <manager@acme-labs.example>.'
            : 'Sent through the instrument portal at the request of Mark Manager <manager@acme-labs.example>.';
        expect(mail.body.trimEnd().endsWith(line), mail.body).toBe(true);
      }
      if (name === 'invitation') expect(mails.map((m) => m.language)).toEqual(['fr']);
    },
  );

  it('each is refused with 429 once the quota is used up, and changes nothing', async () => {
    const used = await countMailsCausedSince(db(), manager.id, hourAgo());
    await mailsCaused(manager.id, MAIL_QUOTA_PER_HOUR - used);
    const before = await traces();
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBe(429);
      expectQuotaRefusal(res);
    }
    expect(await traces()).toEqual(before);
  });
});

describe('feedback copies', () => {
  it('go to users of the customer only: an address outside it is refused with 400 and nothing is stored', async () => {
    const client = await clientOf('user@globex.example');
    const before = await traces();
    for (const emailTo of ['someone@elsewhere.example', 'admin@globex.example; user@acme-labs.example']) {
      const res = await client.feedback.sendFeedback({ body: feedback(emailTo) });
      expect(res.status, emailTo).toBe(400);
      expect(res.body).toMatchObject({ errorMessage: FEEDBACK_REFUSAL.copyOutsideCustomer });
    }
    expect(await traces()).toEqual(before);
    const ok = await client.feedback.sendFeedback({ body: feedback('ADMIN@globex.example; user@globex.example') });
    expect(ok.status).toBe(200);
    expect((await lastMails(1))[0]!.to_addresses).toBe(`${FEEDBACK_INBOX};ADMIN@globex.example;user@globex.example`);
  });
});
