import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteUserRequest } from '../../contract/accountManagement';
import { INVITATION_TOKEN_LENGTH } from '../../contract/account';
import { ErrorCode } from '../../contract/errors';
import { INVITATION_EXPIRY_DAYS, ROLE } from '../../contract/limits';
import { AccessCode } from '../../contract/permissions';
import type { LoggedInUser } from '../../contract/users';
import { startApiServer } from '../support/apiServer';
import { resultOf } from '../support/apiCalls';
import { injectClient, signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
const customerIds: Record<string, number> = {};
beforeAll(async () => {
  server = await startApiServer();
  for (const c of await db().selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    customerIds[c.customer_folder] = c.id;
  }
});
afterAll(() => server.close());

const db = () => server.database.db;

/** The first location of a demo customer (acme, globex, initech, provider). */
const locationOf = async (customer: string) =>
  (
    await db()
      .selectFrom('locations')
      .select('id')
      .where('customer_id', '=', customerIds[customer]!)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

let counter = 0;
/** An address nobody has used yet in this file. */
const freshAddress = (domain = 'newcomer.example') => `invitee${++counter}.${Date.now()}@${domain}`;

const request = async (overrides: Partial<InviteUserRequest> = {}): Promise<InviteUserRequest> => ({
  emailTo: [freshAddress()],
  locationId: await locationOf('acme'),
  roleId: ROLE.StandardUser,
  type: 1,
  language: 'en-us',
  ...overrides,
});

const userByEmail = (email: string) =>
  db()
    .selectFrom('users')
    .selectAll()
    .where(({ fn }) => fn('lower', ['email']), '=', email.toLowerCase())
    .executeTakeFirst();

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_addresses', '=', email).orderBy('id').execute();

/** The secret of the link mailed to `email` (the one mail it got). */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const token = mail?.body.match(/\/signUp#token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

const rowCounts = async () => ({
  users: Number(
    (
      await db()
        .selectFrom('users')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  mails: Number(
    (
      await db()
        .selectFrom('mail_outbox')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  invitations: Number(
    (
      await db()
        .selectFrom('user_invitations')
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

/** Invites `email` as the Acme admin and answers the mailed token. */
async function invited(email = freshAddress(), overrides: Partial<InviteUserRequest> = {}) {
  const { client } = await signedIn(server.app, 'admin@acme-labs.example');
  resultOf(await client.accountManagement.inviteUser({ body: await request({ emailTo: [email], ...overrides }) }));
  return { email, token: await mailedToken(email) };
}

const signUp = { firstName: 'Ines', lastName: 'Invited', password: 'Welcome1' };

describe('POST Users/invite-user', () => {
  it('an admin invites an address: a not-activated user of the location and role, one mail with the link, an event', async () => {
    const email = freshAddress();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const res = await client.accountManagement.inviteUser({
      body: await request({ emailTo: [`  ${email}  `], roleId: ROLE.Manager, language: 'fr' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errorCode: 0, result: null });

    const user = (await userByEmail(email))!;
    expect(user).toMatchObject({
      customer_id: customerIds.acme,
      location_id: await locationOf('acme'),
      role: ROLE.Manager,
      status_code: 0,
      is_active: true,
      is_pe_user: false,
      language_code: 'fr',
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Invitation au portail des instruments de Acme Labs');
    const token = await mailedToken(email);
    expect(token).toHaveLength(INVITATION_TOKEN_LENGTH);
    expect(mails[0]!.body).toMatch(new RegExp(`https?://[^/\\s]+/signUp#token=${token}`));

    // Only the token's hash is kept, with a week's expiry and the inviter.
    const invitation = await db()
      .selectFrom('user_invitations')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(invitation.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(invitation)).not.toContain(token);
    expect(invitation.used_at).toBeNull();
    const days = (new Date(invitation.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_EXPIRY_DAYS - 0.1);
    expect(days).toBeLessThanOrEqual(INVITATION_EXPIRY_DAYS);

    const events = await db()
      .selectFrom('events')
      .select(['event_type', 'payload', 'customer_id'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['user.invited']);
    expect(JSON.stringify(events[0]!.payload)).not.toContain(token);

    // The new account cannot be signed into before the link is used.
    const login = await injectClient(server.app).client.account.login({
      body: { emailAddress: email, password: 'Welcome1' },
    });
    expect(login.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
  });

  it('the new user starts with the privileges of their role', async () => {
    const { email } = await invited(freshAddress(), { roleId: ROLE.Manager });
    const user = (await userByEmail(email))!;
    const codes = await db()
      .selectFrom('user_access_codes')
      .select('access_code')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes.map((c) => c.access_code).sort()).toEqual(
      [AccessCode.ContractManagement, AccessCode.UserManagement].sort(),
    );
  });

  it('a standard user is refused with 403 and nothing is created', async () => {
    const before = await rowCounts();
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const body = await request();
    const res = await client.accountManagement.inviteUser({ body });
    expect(res.status).toBe(403);
    expect(await userByEmail(body.emailTo[0]!)).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });

  it('a manager without the user-management access code is refused with 403', async () => {
    const manager = (await userByEmail('manager@acme-labs.example'))!;
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', manager.id)
      .where('access_code', '=', AccessCode.UserManagement)
      .execute();
    try {
      const before = await rowCounts();
      const { client } = await signedIn(server.app, 'manager@acme-labs.example');
      const res = await client.accountManagement.inviteUser({ body: await request() });
      expect(res.status).toBe(403);
      expect(await rowCounts()).toEqual(before);
    } finally {
      await db()
        .insertInto('user_access_codes')
        .values({ user_id: manager.id, access_code: AccessCode.UserManagement })
        .execute();
    }
  });

  it('a manager holding the access code may invite', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const body = await request();
    resultOf(await client.accountManagement.inviteUser({ body }));
    expect((await userByEmail(body.emailTo[0]!))?.status_code).toBe(0);
  });

  it('a location of another customer is refused with 403 and nothing is created', async () => {
    const before = await rowCounts();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const res = await client.accountManagement.inviteUser({
      body: await request({ locationId: await locationOf('globex') }),
    });
    expect(res.status).toBe(403);
    expect(await rowCounts()).toEqual(before);
  });

  it('an address that has an account, of any customer and in any case, is refused and nothing is created', async () => {
    const before = await rowCounts();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const fresh = freshAddress();
    const res = await client.accountManagement.inviteUser({
      body: await request({ emailTo: [fresh, 'User@GLOBEX.example'] }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EmailAlreadyRegistered });
    expect((res.body as { errorMessage: string }).errorMessage).toContain('user@globex.example');
    expect(await userByEmail(fresh)).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });

  it('an address invited before (not yet activated) is refused as well', async () => {
    const { email } = await invited();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const res = await client.accountManagement.inviteUser({ body: await request({ emailTo: [email.toUpperCase()] }) });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.EmailAlreadyRegistered });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('the same address twice in one invitation makes one user and one mail', async () => {
    const email = freshAddress();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    resultOf(
      await client.accountManagement.inviteUser({ body: await request({ emailTo: [email, email.toUpperCase()] }) }),
    );
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a customer of another domain may invite standard users and managers but not admins (400)', async () => {
    const before = await rowCounts();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const res = await client.accountManagement.inviteUser({ body: await request({ roleId: ROLE.Admin }) });
    expect(res.status).toBe(400);
    expect((res.body as { errorMessage: string }).errorMessage).toMatch(/standard user or manager/);
    expect(await rowCounts()).toEqual(before);
  });

  it("the provider's own customer may invite admins only", async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    const me = resultOf<LoggedInUser>(await client.users.me());
    expect(me.userLocation.customer.isProviderDomain).toBe(true);
    const locationId = await locationOf('provider');
    const before = await rowCounts();
    for (const roleId of [ROLE.StandardUser, ROLE.Manager]) {
      const res = await client.accountManagement.inviteUser({ body: await request({ locationId, roleId }) });
      expect(res.status).toBe(400);
      expect((res.body as { errorMessage: string }).errorMessage).toMatch(/only invite admins/);
    }
    expect(await rowCounts()).toEqual(before);
    const email = freshAddress('provider.example');
    resultOf(
      await client.accountManagement.inviteUser({
        body: await request({ emailTo: [email], locationId, roleId: ROLE.Admin }),
      }),
    );
    expect(await userByEmail(email)).toMatchObject({ role: ROLE.Admin, customer_id: customerIds.provider });
  });

  it('users/me tells whether the customer is of the provider domain', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    expect(resultOf<LoggedInUser>(await client.users.me()).userLocation.customer.isProviderDomain).toBe(false);
  });

  it('refuses bad input with 400: an address over 100 characters, an invalid one, none, 51 of them', async () => {
    const before = await rowCounts();
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const tooLong = `${'a'.repeat(90)}@example.com`;
    const many = Array.from({ length: 51 }, (_, i) => `many${i}@newcomer.example`);
    for (const emailTo of [[tooLong], ['not-an-address'], [], many, ['']]) {
      const res = await client.accountManagement.inviteUser({ body: await request({ emailTo }) });
      expect(res.status, JSON.stringify(emailTo).slice(0, 60)).toBe(400);
    }
    const bad = [
      { type: 0 },
      { language: 'xx' },
      { roleId: 7 },
      { locationId: -1 },
    ] as unknown as Partial<InviteUserRequest>[];
    for (const override of bad) {
      const res = await client.accountManagement.inviteUser({ body: await request(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await injectClient(server.app).client.accountManagement.inviteUser({ body: await request() });
    expect(res.status).toBe(401);
  });
});

describe('invitation links', () => {
  it('the check tells the address and changes nothing; accepting sets name and password and signs in', async () => {
    const { email, token } = await invited();
    const browser = injectClient(server.app);
    const checked = await browser.client.account.checkInvitation({ body: { token } });
    expect(checked.body).toEqual({ errorCode: 0, result: { emailAddress: email } });
    expect(await browser.client.account.checkInvitation({ body: { token } })).toMatchObject({ status: 200 });

    const res = await browser.client.account.acceptInvitation({ body: { token, ...signUp } });
    const me = resultOf<LoggedInUser>(res);
    expect(me).toMatchObject({ emailAddress: email, firstName: 'Ines', lastName: 'Invited', statusCode: 1 });
    // The browser is signed in: its session cookie opens users/me.
    expect(resultOf<LoggedInUser>(await browser.client.users.me()).emailAddress).toBe(email);

    const user = (await userByEmail(email))!;
    expect(user.status_code).toBe(1);
    expect(user.current_login_time).not.toBeNull();
    expect(user.password_changed_at).not.toBeNull();
    const invitation = await db()
      .selectFrom('user_invitations')
      .select('used_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(invitation.used_at).not.toBeNull();
    const events = await db()
      .selectFrom('events')
      .select('event_type')
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(user.id))
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['user.invited', 'user.invitationAccepted', 'user.signedIn']);

    // The password signs in from now on.
    await signedIn(server.app, email, signUp.password);
  });

  it('a link works once: a second use and a check after it are refused with 16302', async () => {
    const { email, token } = await invited();
    resultOf(await injectClient(server.app).client.account.acceptInvitation({ body: { token, ...signUp } }));
    const second = await injectClient(server.app).client.account.acceptInvitation({
      body: { token, ...signUp, password: 'Takeover9' },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect(second.headers.get('set-cookie') ?? '').not.toMatch(/portal_session=[^;]/);
    const check = await injectClient(server.app).client.account.checkInvitation({ body: { token } });
    expect(check.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    // The first password still holds.
    await signedIn(server.app, email, signUp.password);
    const takeover = await injectClient(server.app).client.account.login({
      body: { emailAddress: email, password: 'Takeover9' },
    });
    expect(takeover.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
  });

  it('an expired link is refused and the account stays unusable', async () => {
    const { email, token } = await invited();
    const user = (await userByEmail(email))!;
    await db()
      .updateTable('user_invitations')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('user_id', '=', user.id)
      .execute();
    const check = await injectClient(server.app).client.account.checkInvitation({ body: { token } });
    expect(check.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    const res = await injectClient(server.app).client.account.acceptInvitation({ body: { token, ...signUp } });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect(await userByEmail(email)).toMatchObject({
      status_code: 0,
      first_name: '',
      password_hash: user.password_hash,
    });
  });

  it('an unknown link is refused with 16302', async () => {
    const token = 'A'.repeat(INVITATION_TOKEN_LENGTH);
    const check = await injectClient(server.app).client.account.checkInvitation({ body: { token } });
    expect(check.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    const res = await injectClient(server.app).client.account.acceptInvitation({ body: { token, ...signUp } });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
  });

  it('a disabled invited user cannot use the link', async () => {
    const { email, token } = await invited();
    await db().updateTable('users').set({ is_active: false }).where('email', '=', email).execute();
    const res = await injectClient(server.app).client.account.acceptInvitation({ body: { token, ...signUp } });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
  });

  it('refuses bad input with 400 and leaves the link usable: malformed token, weak password, missing names', async () => {
    const { token } = await invited();
    const client = injectClient(server.app).client;
    const malformed = [
      '',
      'A'.repeat(INVITATION_TOKEN_LENGTH - 1),
      'A'.repeat(INVITATION_TOKEN_LENGTH + 1),
      `${'A'.repeat(INVITATION_TOKEN_LENGTH - 1)}=`,
      `${'A'.repeat(INVITATION_TOKEN_LENGTH - 1)}/`,
      'A'.repeat(100_000),
    ];
    for (const bad of malformed) {
      expect((await client.account.checkInvitation({ body: { token: bad } })).status).toBe(400);
      expect((await client.account.acceptInvitation({ body: { token: bad, ...signUp } })).status).toBe(400);
    }
    for (const password of ['lettersonly', '12345678', 'Ab1', 'Abcdef1234567', '']) {
      const res = await client.account.acceptInvitation({ body: { token, ...signUp, password } });
      expect(res.status, password).toBe(400);
    }
    for (const names of [{ firstName: '  ' }, { lastName: 'x'.repeat(31) }]) {
      const res = await client.account.acceptInvitation({ body: { token, ...signUp, ...names } });
      expect(res.status, JSON.stringify(names)).toBe(400);
    }
    const check = await client.account.checkInvitation({ body: { token } });
    expect(check.body).toMatchObject({ errorCode: 0 });
  });

  it('accepting without the anti-forgery token is refused with 403 and the link stays usable', async () => {
    const { token } = await invited();
    const browser = injectClient(server.app);
    const res = await browser.client.account.acceptInvitation({ body: { token, ...signUp }, xsrf: false });
    expect(res.status).toBe(403);
    expect((await browser.client.account.checkInvitation({ body: { token } })).body).toMatchObject({ errorCode: 0 });
  });

  it('a browser signed in as someone else ends up signed in as the new user only', async () => {
    const { email, token } = await invited();
    const browser = await signedIn(server.app, 'user@acme-labs.example');
    const before = browser.jar.get('portal_session');
    resultOf(await browser.client.account.acceptInvitation({ body: { token, ...signUp } }));
    expect(browser.jar.get('portal_session')).not.toBe(before);
    expect(resultOf<LoggedInUser>(await browser.client.users.me()).emailAddress).toBe(email);
    // The session the browser brought has ended.
    const old = injectClient(server.app);
    old.jar.set('portal_session', before!);
    expect((await old.client.users.me()).status).toBe(401);
  });
});

describe('invitation links under the rate limits', () => {
  let limited: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    limited = await startApiServer({ rateLimits: { perMinute: 5, mailFormsPerHour: 2 } });
  });
  afterAll(() => limited.close());

  it('guessing links from one address is limited like any signed-out call: 429 with Retry-After', async () => {
    const { client } = injectClient(limited.app);
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(await client.account.checkInvitation({ body: { token: `${'G'.repeat(40)}${100 + i}` } }));
    }
    const statuses: number[] = answers.map((a) => a.status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const refused = answers.find((a) => (a.status as number) === 429);
    expect(refused?.body).toMatchObject({ errorCode: 429 });
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
