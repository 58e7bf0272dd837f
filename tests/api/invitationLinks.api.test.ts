import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { InvitationType, type Invitation } from '../../contract/invitations';
import { ROLE } from '../../contract/limits';
import { createSession } from '../../api-mock/src/auth/sessions';
import { createServer } from '../../api-mock/src/server';
import { startApiServer } from '../support/apiServer';
import { resultOf } from '../support/apiCalls';
import { injectClient, signedIn } from '../support/injectClient';
import { ROOT, TEST_PUBLIC_ORIGIN } from '../support/testServer';
import { firstLocationOf } from '../support/customerLocations';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const db = () => server.database.db;
const PE = 'pe@provider.example';
const ACME_NO = '1000100';
const signUp = { firstName: 'Ines', lastName: 'Invited', password: 'Welcome1' };

let counter = 0;
const fresh = () => `link${++counter}.${Date.now()}@newcomer.example`;

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_addresses', '=', email).orderBy('id').execute();

/** The secrets of the sign-up links mailed to `email`, oldest first. */
const tokensMailedTo = async (email: string) =>
  (await mailsTo(email)).map((m) => m.body.match(/\/signUp#token=([\w-]+)/)?.[1]).filter((t) => t !== undefined);

const acmeLocation = () => firstLocationOf(db(), ACME_NO);

/** Provider staff send a portal invite to `email` (POST Users/invitation); answers the invitation's id. */
async function portalInvite(email: string, headers: Record<string, string> = {}): Promise<number> {
  const { client } = await signedIn(server.app, PE);
  const body = {
    emailTo: email,
    emailCc: '',
    emailBcc: '',
    customerNo: ACME_NO,
    locationId: await acmeLocation(),
    orderNumber: '',
    language: 'en-us' as const,
    type: InvitationType.PortalInvite,
    subject: 'Welcome',
    description: '<p>Welcome aboard.</p>',
  };
  return resultOf<Invitation>(await client.invitations.send({ body, extraHeaders: headers })).id;
}

/** Provider staff send the invitation again (PUT Users/invitation). */
async function resend(id: number, headers: Record<string, string> = {}) {
  const { client } = await signedIn(server.app, PE);
  resultOf(await client.invitations.resend({ body: { id }, extraHeaders: headers }));
}

/** The Acme admin invites `email` from the user list (POST Users/invite-user). */
async function dialogInvite(email: string, headers: Record<string, string> = {}) {
  const { client } = await signedIn(server.app, 'admin@acme-labs.example');
  const body = {
    emailTo: [email],
    locationId: await acmeLocation(),
    roleId: ROLE.StandardUser,
    type: 1,
    language: 'en-us',
  };
  resultOf(await client.accountManagement.inviteUser({ body: body as never, extraHeaders: headers }));
}

const check = (token: string) => injectClient(server.app).client.account.checkInvitation({ body: { token } });
const accept = (token: string, password = signUp.password) =>
  injectClient(server.app).client.account.acceptInvitation({ body: { token, ...signUp, password } });

const signInAnswer = async (email: string, password: string) =>
  (await injectClient(server.app).client.account.login({ body: { emailAddress: email, password } })).body;

const userOf = (email: string) =>
  db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('one live sign-up link per address', () => {
  it('an invitation sent and resent: after sign-up with the newer link the older one is refused with 16302', async () => {
    const email = fresh();
    await resend(await portalInvite(email));
    const [older, newer] = await tokensMailedTo(email);
    resultOf(await accept(newer!));

    const takeover = await accept(older!, 'Takeover9');
    expect(takeover.body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect(takeover.headers.get('set-cookie') ?? '').not.toMatch(/portal_session=[^;]/);
    expect((await check(older!)).body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect(await signInAnswer(email, signUp.password)).toMatchObject({ errorCode: 0 });
    expect(await signInAnswer(email, 'Takeover9')).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
  });

  it('sending a new link revokes the older one at once, before either is used', async () => {
    const email = fresh();
    await resend(await portalInvite(email));
    const [older, newer] = await tokensMailedTo(email);
    const before = await userOf(email);
    expect((await check(older!)).body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect((await accept(older!)).body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect(await userOf(email)).toMatchObject({ status_code: 0, password_hash: before.password_hash });
    expect((await check(newer!)).body).toEqual({ errorCode: 0, result: { emailAddress: email } });
    const live = await db()
      .selectFrom('user_invitations')
      .select('id')
      .where('user_id', '=', before.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it("the invite-user dialog's link is revoked by a newer link to the address, and refused after the sign-up", async () => {
    const email = fresh();
    await dialogInvite(email);
    await portalInvite(email);
    const [dialogLink, portalLink] = await tokensMailedTo(email);
    expect((await check(dialogLink!)).body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    resultOf(await accept(portalLink!));
    expect((await accept(dialogLink!, 'Takeover9')).body).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
    expect(await signInAnswer(email, signUp.password)).toMatchObject({ errorCode: 0 });
  });
});

describe('a link for an address that has already signed up', () => {
  /** A live link for the user of `email`, as a link issued while they signed up would be; answers its secret. */
  async function liveLinkFor(email: string): Promise<string> {
    const user = await userOf(email);
    const token = randomBytes(32).toString('base64url');
    await db()
      .insertInto('user_invitations')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: user.id,
        customer_id: user.customer_id,
        invited_by: null,
        expires_at: sql<Date>`now() + interval '1 day'`,
      })
      .execute();
    return token;
  }

  it('is refused with 16302 at check and at accept, for a demo account and one that signed up by a link', async () => {
    const dialogEmail = fresh();
    await dialogInvite(dialogEmail);
    resultOf(await accept((await tokensMailedTo(dialogEmail))[0]!));
    for (const [email, password] of [
      ['user@acme-labs.example', 'Portal2026'],
      [dialogEmail, signUp.password],
    ] as const) {
      const token = await liveLinkFor(email);
      const before = await userOf(email);
      expect((await check(token)).body, email).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
      const res = await accept(token, 'Takeover9');
      expect(res.body, email).toMatchObject({ errorCode: ErrorCode.InvitationInvalid });
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/portal_session=[^;]/);
      expect(await userOf(email)).toMatchObject({ password_hash: before.password_hash, first_name: before.first_name });
      expect(await signInAnswer(email, password)).toMatchObject({ errorCode: 0 });
    }
  });
});

describe('a sign-up ends every other session of the user', () => {
  it('for the invite-user dialog and for a portal invite: a session started before answers 401 after', async () => {
    for (const invite of [dialogInvite, portalInvite]) {
      const email = fresh();
      await invite(email);
      const user = await userOf(email);
      const earlier = await createSession(db(), user.id, user.customer_id);
      const old = injectClient(server.app);
      old.jar.set('portal_session', earlier);
      expect((await old.client.users.me()).status, invite.name).toBe(200);

      const browser = injectClient(server.app);
      resultOf(
        await browser.client.account.acceptInvitation({
          body: { token: (await tokensMailedTo(email))[0]!, ...signUp },
        }),
      );
      expect((await old.client.users.me()).status, invite.name).toBe(401);
      expect((await browser.client.users.me()).status, invite.name).toBe(200);
    }
  });

  it('the browser that signed up gets a device cookie, so its later sign-ins pass a guesser’s lockout', async () => {
    const email = fresh();
    await portalInvite(email);
    const browser = injectClient(server.app);
    resultOf(
      await browser.client.account.acceptInvitation({ body: { token: (await tokensMailedTo(email))[0]!, ...signUp } }),
    );
    expect(browser.jar.get('portal_device')).toMatch(/^[\w-]{24}\.[\w-]{43}$/);
    const guesser = injectClient(server.app);
    for (let i = 0; i < 8; i++)
      await guesser.client.account.login({ body: { emailAddress: email, password: 'Wrong1234' } });
    expect(
      (await guesser.client.account.login({ body: { emailAddress: email, password: signUp.password } })).status,
    ).toBe(429);
    expect(
      (await browser.client.account.login({ body: { emailAddress: email, password: signUp.password } })).body,
    ).toMatchObject({ errorCode: 0 });
  });
});

describe('links in mails name the configured public origin, never the request host', () => {
  const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const linksIn = (body: string) => body.match(/https?:\/\/[^\s<>"']+/g) ?? [];

  it('POST Users/invite-user with Host evil.example mails a sign-up link on PUBLIC_ORIGIN', async () => {
    const email = fresh();
    await dialogInvite(email, evil);
    const [mail] = await mailsTo(email);
    expect(mail!.body).not.toContain('evil.example');
    expect(mail!.html ?? '').not.toContain('evil.example');
    expect(linksIn(mail!.body)).toEqual([
      expect.stringMatching(new RegExp(`^${TEST_PUBLIC_ORIGIN}/signUp#token=[\\w-]{43}$`)),
    ]);
  });

  it('a portal invite and its resend, to a new and a registered address, name PUBLIC_ORIGIN', async () => {
    const email = fresh();
    const id = await portalInvite(`${email};user@acme-labs.example`, evil);
    await resend(id, evil);
    const mails = [...(await mailsTo(email)), ...(await mailsTo('user@acme-labs.example')).slice(-2)];
    expect(mails).toHaveLength(4);
    for (const mail of mails) {
      expect(`${mail.body}${mail.html ?? ''}`).not.toContain('evil.example');
      const links = linksIn(mail.body);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(new URL(link).origin).toBe(TEST_PUBLIC_ORIGIN);
    }
  });
});

describe('the public origin setting', () => {
  it('a deployment (no --demo) without PUBLIC_ORIGIN refuses to start, naming the setting', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-origin-'));
    try {
      for (const value of [undefined, 'http://portal.example/app']) {
        const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
        delete env.DATABASE_URL;
        if (value === undefined) delete env.PUBLIC_ORIGIN;
        else env.PUBLIC_ORIGIN = value;
        const child = spawn(process.execPath, ['--import', 'tsx', 'api-mock/src/main.ts'], { cwd: ROOT, env });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const code = await new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve(null);
          }, 60_000);
          child.once('exit', (exitCode) => {
            clearTimeout(timer);
            resolve(exitCode);
          });
        });
        expect({ value, code }).toEqual({ value, code: 1 });
        expect(output).toMatch(/PUBLIC_ORIGIN/);
        expect(output).not.toMatch(/Instrument-owner portal: http/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it('createServer refuses a missing origin and one with a path, before opening a database', async () => {
    for (const publicOrigin of [undefined, 'https://portal.example/signUp', 'ftp://portal.example']) {
      await expect(createServer({ publicOrigin } as never), String(publicOrigin)).rejects.toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
