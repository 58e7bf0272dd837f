import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITATION_PAGE_SIZE,
  InvitationType,
  SUBJECT_MAX,
  type Invitation,
  type InvitationRequest,
} from '../../contract/invitations';
import { AccessCode } from '../../contract/permissions';
import { startApiServer } from '../support/apiServer';
import { resultOf } from '../support/apiCalls';
import { injectClient, signedIn } from '../support/injectClient';
import { firstLocationOf } from '../support/customerLocations';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const PE = 'pe@provider.example';
const ACME_NO = '1000100';

let counter = 0;
const fresh = (domain = 'onboarded.example') => `contact${++counter}.${Date.now()}@${domain}`;

const acmeLocation = () => firstLocationOf(db(), ACME_NO);

const request = async (overrides: Partial<InvitationRequest> = {}): Promise<InvitationRequest> => ({
  emailTo: fresh(),
  emailCc: '',
  emailBcc: PE,
  customerNo: ACME_NO,
  locationId: await acmeLocation(),
  orderNumber: 'PO-4711',
  language: 'en-us',
  type: InvitationType.Order,
  subject: 'Your order',
  description: '<p>Welcome aboard.</p>',
  ...overrides,
});

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_addresses', 'like', `%${email}%`).orderBy('id').execute();

const counts = async () => {
  const n = async (table: 'onboarding_invitations' | 'mail_outbox' | 'users' | 'events') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(({ fn }) => fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    invitations: await n('onboarding_invitations'),
    mails: await n('mail_outbox'),
    users: await n('users'),
    events: await n('events'),
  };
};

const staff = () => signedIn(server.app, PE);

describe('customer onboarding: who may call', () => {
  it('refuses a customer user (even an admin) every call with 403, in normal and in admin mode', async () => {
    const { client, adminClient } = await signedIn(server.app, 'admin@acme-labs.example');
    const before = await counts();
    const calls = [
      client.invitations.history({ query: {} }),
      client.invitations.template({ query: { languageId: 1 } }),
      client.invitations.registeredUsers({ body: ['user@acme-labs.example'] }),
      client.invitations.send({ body: await request() }),
      client.invitations.resend({ body: { id: 1 } }),
      adminClient.invitations.history({ query: {} }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses provider staff without the admin access code with 403', async () => {
    const pe = await db().selectFrom('users').select('id').where('email', '=', PE).executeTakeFirstOrThrow();
    const { client } = await staff();
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', pe.id)
      .where('access_code', '=', AccessCode.Admin)
      .execute();
    try {
      const before = await counts();
      expect((await client.invitations.history({ query: {} })).status).toBe(403);
      expect((await client.invitations.template({ query: { languageId: 4 } })).status).toBe(403);
      expect((await client.invitations.registeredUsers({ body: [PE] })).status).toBe(403);
      expect((await client.invitations.send({ body: await request() })).status).toBe(403);
      expect((await client.invitations.resend({ body: { id: 1 } })).status).toBe(403);
      expect(await counts()).toEqual(before);
    } finally {
      await db().insertInto('user_access_codes').values({ user_id: pe.id, access_code: AccessCode.Admin }).execute();
    }
  });

  it('refuses a caller without a session with 401', async () => {
    const { client } = injectClient(server.app);
    expect((await client.invitations.history({ query: {} })).status).toBe(401);
  });
});

describe('customer onboarding: templates and registered addresses', () => {
  it('answers the template in each language, with real text, and changes nothing', async () => {
    const { client } = await staff();
    const before = await counts();
    const en = resultOf<{ subject: string; description: string }>(
      await client.invitations.template({ query: { languageId: 1 } }),
    );
    const de = resultOf<{ subject: string; description: string }>(
      await client.invitations.template({ query: { languageId: 4 } }),
    );
    const ja = resultOf<{ subject: string; description: string }>(
      await client.invitations.template({ query: { languageId: 7 } }),
    );
    expect(en.subject).toBe('Welcome to the instrument portal');
    expect(de.subject).toBe('Willkommen im Geräteportal');
    expect(ja.subject).toBe('機器ポータルへようこそ');
    expect(en.description).toMatch(/^<p>.*<\/p>$/);
    expect(de.description).toContain('<ul>');
    expect(await counts()).toEqual(before);
  });

  it('marks the addresses that already have an account, in the order given, each once', async () => {
    const { client } = await staff();
    const newcomer = fresh();
    const before = await counts();
    const found = resultOf(
      await client.invitations.registeredUsers({
        body: ['User@Acme-Labs.example', newcomer, 'user@acme-labs.example'],
      }),
    );
    expect(found).toEqual([
      { emailAddress: 'User@Acme-Labs.example', isRegistered: true },
      { emailAddress: newcomer, isRegistered: false },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an invalid or missing address list with 400', async () => {
    const { client } = await staff();
    expect((await client.invitations.registeredUsers({ body: ['not-an-address'] })).status).toBe(400);
    expect((await client.invitations.registeredUsers({ body: [] })).status).toBe(400);
    expect((await client.invitations.registeredUsers({ body: Array(101).fill(PE) })).status).toBe(400);
  });
});

describe('customer onboarding: sending', () => {
  it('stores an order mail, queues it for to and cc together and for each bcc alone, with an event', async () => {
    const { client } = await staff();
    const to = fresh();
    const cc = fresh('cc.example');
    const body = await request({
      emailTo: ` ${to} ; ${to.toUpperCase()} `,
      emailCc: `${cc};`,
      description:
        '<p onclick="steal()">Welcome <strong>aboard</strong><script>alert(1)</script></p><ul><li>One</li></ul>',
    });
    const sent = resultOf<Invitation>(await client.invitations.send({ body }));
    expect(sent).toMatchObject({
      emailTo: [{ emailAddress: to, isRegistered: false }],
      emailCc: cc,
      emailBcc: PE,
      customerNo: ACME_NO,
      orderNumber: 'PO-4711',
      type: InvitationType.Order,
      subject: 'Your order',
      description: '<p>Welcome <strong>aboard</strong></p><ul><li>One</li></ul>',
    });
    const row = await db()
      .selectFrom('onboarding_invitations')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row.description).not.toMatch(/script|onclick/);

    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_addresses).toBe(`${to};${cc}`);
    expect(mails[0]!.subject).toBe('Your order');
    expect(mails[0]!.body).toBe('Welcome aboard\n\n- One');
    const bccMails = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_addresses', '=', PE)
      .where('id', '>', mails[0]!.id)
      .execute();
    expect(bccMails).toHaveLength(1);
    const events = await db()
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'invitation')
      .where('entity_id', '=', String(sent.id))
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['invitation.sent']);
  });

  it('a portal invite mails each new address its own sign-up link and creates the invited user; a registered one gets the sign-in page', async () => {
    const { client } = await staff();
    const newcomer = fresh();
    const body = await request({
      emailTo: `${newcomer};user@acme-labs.example`,
      emailBcc: '',
      type: InvitationType.PortalInvite,
      language: 'de',
    });
    const sent = resultOf<Invitation>(await client.invitations.send({ body }));
    expect(sent.emailTo).toEqual([
      { emailAddress: newcomer, isRegistered: false },
      { emailAddress: 'user@acme-labs.example', isRegistered: true },
    ]);
    const [mail] = await mailsTo(newcomer);
    expect(mail!.to_addresses).toBe(newcomer);
    expect(mail!.body).toMatch(
      /Um Ihr Konto anzulegen, öffnen Sie diesen Link innerhalb von 7 Tagen:\nhttps?:\/\/\S+\/signUp#token=[\w-]{43}$/,
    );
    const invited = await db()
      .selectFrom('users')
      .innerJoin('user_invitations', 'user_invitations.user_id', 'users.id')
      .select(['users.customer_id', 'users.location_id', 'users.status_code', 'users.language_code'])
      .where('users.email', '=', newcomer)
      .executeTakeFirstOrThrow();
    expect(invited).toMatchObject({ location_id: await acmeLocation(), status_code: 0, language_code: 'de' });

    // The link works: the invited user checks it as the sign-up page does.
    const token = mail!.body.match(/#token=([\w-]+)/)![1]!;
    const check = await client.account.checkInvitation({ body: { token } });
    expect(check.body).toEqual({ errorCode: 0, result: { emailAddress: newcomer } });

    const registeredMails = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_addresses', '=', 'user@acme-labs.example')
      .where('id', '>', mail!.id)
      .execute();
    expect(registeredMails.at(-1)!.body).toMatch(
      /Sie haben bereits ein Konto. Melden Sie sich hier an:\nhttps?:\/\/\S+\/login$/,
    );
    // Still not registered until the link is used.
    const again = resultOf<Array<{ isRegistered: boolean }>>(
      await client.invitations.registeredUsers({ body: [newcomer] }),
    );
    expect(again[0]!.isRegistered).toBe(false);
  });

  it('refuses bad input with 400 and stores and mails nothing', async () => {
    const { client } = await staff();
    const before = await counts();
    const bad: Array<Partial<InvitationRequest>> = [
      { emailTo: '' },
      { emailTo: ';' },
      { emailTo: 'someone@' },
      { emailCc: `${fresh()};not an address` },
      { emailBcc: 'bcc@@example.com' },
      { subject: 'x'.repeat(SUBJECT_MAX + 1) },
      { orderNumber: 'x'.repeat(101) },
      { customerNo: '' },
      { customerNo: 'NO-SUCH-NUMBER' },
      { locationId: 2_000_000_000 },
      { emailTo: Array.from({ length: 101 }, (_, i) => `a${i}@x.example`).join(';') },
      { description: 'x'.repeat(20_001) },
    ];
    for (const overrides of bad) {
      const res = await client.invitations.send({ body: await request(overrides) });
      expect({ overrides, status: res.status }).toEqual({ overrides, status: 400 });
    }
    // A location of another customer.
    const globexLocation = await db()
      .selectFrom('locations')
      .innerJoin('customers', 'customers.id', 'locations.customer_id')
      .select('locations.id')
      .where('customers.customer_identifier', '=', '1000200')
      .executeTakeFirstOrThrow();
    expect((await client.invitations.send({ body: await request({ locationId: globexLocation.id }) })).status).toBe(
      400,
    );
    expect(await counts()).toEqual(before);
  });
});

describe('customer onboarding: history and resend', () => {
  it('lists the history newest first in pages, filtered by address, without changing anything', async () => {
    const { client } = await staff();
    const marker = fresh('history.example');
    const sentIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const body = await request({ emailTo: i === 1 ? `${marker};${fresh()}` : fresh(), subject: `History ${i}` });
      sentIds.push(resultOf<Invitation>(await client.invitations.send({ body })).id);
    }
    const before = await counts();
    const first = resultOf<{ items: Invitation[]; totalCount: number }>(
      await client.invitations.history({ query: { pageSize: 2, pageIndex: 0 } }),
    );
    expect(first.items.map((i) => i.id)).toEqual([sentIds[2], sentIds[1]]);
    expect(first.totalCount).toBeGreaterThanOrEqual(3);
    const second = resultOf<{ items: Invitation[] }>(
      await client.invitations.history({ query: { pageSize: 2, pageIndex: 1 } }),
    );
    expect(second.items[0]!.id).toBe(sentIds[0]);
    const filtered = resultOf<{ items: Invitation[]; totalCount: number }>(
      await client.invitations.history({ query: { emailAddress: marker.toUpperCase() } }),
    );
    expect(filtered).toMatchObject({ totalCount: 1, items: [{ id: sentIds[1] }] });
    const standard = resultOf<{ items: Invitation[] }>(await client.invitations.history({ query: {} }));
    expect(standard.items.length).toBeLessThanOrEqual(INVITATION_PAGE_SIZE);
    expect(await counts()).toEqual(before);

    expect((await client.invitations.history({ query: { pageSize: 10_000 } as never })).status).toBe(400);
    expect((await client.invitations.history({ query: { pageIndex: -1 } as never })).status).toBe(400);
  });

  it('resends an invitation: the mails again, the same history entry, an event', async () => {
    const { client } = await staff();
    const to = fresh();
    const sent = resultOf<Invitation>(await client.invitations.send({ body: await request({ emailTo: to }) }));
    const total = async () =>
      resultOf<{ totalCount: number }>(await client.invitations.history({ query: {} })).totalCount;
    const historyBefore = await total();
    const resent = resultOf<Invitation>(await client.invitations.resend({ body: { id: sent.id } }));
    expect(resent).toEqual(sent);
    expect(await mailsTo(to)).toHaveLength(2);
    expect(await total()).toBe(historyBefore);
    const row = await db()
      .selectFrom('onboarding_invitations')
      .select('send_count')
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row.send_count).toBe(2);
    const events = await db()
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'invitation')
      .where('entity_id', '=', String(sent.id))
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['invitation.sent', 'invitation.resent']);
  });

  it('resending a portal invite sends a new working link to an address that has not signed up yet', async () => {
    const { client } = await staff();
    const to = fresh();
    const body = await request({ emailTo: to, emailBcc: '', type: InvitationType.PortalInvite });
    const sent = resultOf<Invitation>(await client.invitations.send({ body }));
    resultOf(await client.invitations.resend({ body: { id: sent.id } }));
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(2);
    const tokens = mails.map((m) => m.body.match(/#token=([\w-]+)/)![1]!);
    expect(tokens[0]).not.toBe(tokens[1]);
    const check = await client.account.checkInvitation({ body: { token: tokens[1]! } });
    expect(check.body).toEqual({ errorCode: 0, result: { emailAddress: to } });
    const users = await db().selectFrom('users').select('id').where('email', '=', to).execute();
    expect(users).toHaveLength(1);
  });

  it('answers 404 for an unknown invitation and 400 for a bad id', async () => {
    const { client } = await staff();
    expect((await client.invitations.resend({ body: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await client.invitations.resend({ body: { id: -1 } })).status).toBe(400);
  });
});
