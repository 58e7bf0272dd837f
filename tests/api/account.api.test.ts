import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../contract/limits';
import { ErrorCode } from '../../contract/errors';
import { DEMO_ACCOUNTS } from '../../api-mock/src/seed/demoAccounts';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe('sign-in', () => {
  it.each(DEMO_ACCOUNTS.map((a) => a.email))(
    '%s signs in with the demo password and is known to users/me',
    async (email) => {
      const { client } = await signedIn(server.app, email);
      const me = await client.users.me();
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ errorCode: 0, result: { emailAddress: email } });
    },
  );

  it('sets an httpOnly, SameSite=Lax session cookie and never returns the password hash', async () => {
    const { client } = injectClient(server.app);
    await client.users.me();
    const res = await server.app.inject({ method: 'GET', url: '/api/users/me' });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/Account/login',
      payload: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
      headers: { 'x-xsrf-token': xsrf },
      cookies: { 'XSRF-TOKEN': xsrf },
    });
    const session = login.cookies.find((c) => c.name === 'portal_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(login.body).not.toContain('scrypt');
  });

  it('answers users/me with 401 when signed out', async () => {
    const { client } = injectClient(server.app);
    const me = await client.users.me();
    expect(me.status).toBe(401);
  });

  it('refuses a wrong password with the invalid-credentials code and no session', async () => {
    const { client, jar } = injectClient(server.app);
    const res = await client.account.login({
      body: { emailAddress: 'manager@acme-labs.example', password: 'Wrong123' },
    });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
    expect(jar.has('portal_session')).toBe(false);
  });

  it('answers the same way for an unknown account as for a wrong password', async () => {
    const { client } = injectClient(server.app);
    const res = await client.account.login({
      body: { emailAddress: 'nobody@acme-labs.example', password: 'Wrong123' },
    });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
  });

  it('matches the e-mail address case-insensitively', async () => {
    const { client } = injectClient(server.app);
    const res = await client.account.login({
      body: { emailAddress: 'USER@Acme-Labs.example', password: 'Portal2026' },
    });
    expect(res.body).toMatchObject({ errorCode: 0 });
  });

  it('throttles repeated failures of one account with 429 and Retry-After, even for the right password', async () => {
    const { client } = injectClient(server.app);
    const emailAddress = 'admin@globex.example';
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await client.account.login({ body: { emailAddress, password: 'Wrong123' } });
      expect(res.status).toBe(200);
    }
    const locked = await client.account.login({ body: { emailAddress, password: 'Portal2026' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await client.account.login({ body: { emailAddress: 'user@globex.example', password: 'Portal2026' } });
    expect(other.body).toMatchObject({ errorCode: 0 });
  });

  it('refuses a sign-in without the anti-forgery header with 403', async () => {
    const { client, jar } = injectClient(server.app);
    const res = await client.account.login({
      body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
      xsrf: false,
    });
    expect(res.status).toBe(403);
    expect(jar.has('portal_session')).toBe(false);
  });

  it('refuses a changing call whose anti-forgery header does not match the cookie', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      payload: {},
      headers: { 'x-xsrf-token': 'forged' },
      cookies: Object.fromEntries(jar),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers a body that fails the schema with 400 and the issues', async () => {
    const { client } = injectClient(server.app);
    const res = await client.account.login({ body: { emailAddress: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 400,
      issues: expect.arrayContaining([expect.objectContaining({ path: ['emailAddress'] })]),
    });
  });
});

describe('sign-out', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const { client, jar } = await signedIn(server.app, 'user@acme-labs.example');
    const cookie = jar.get('portal_session')!;
    expect((await client.account.logout({ body: {} })).status).toBe(200);
    const replay = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      cookies: { portal_session: cookie },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('records sign-in and sign-out as domain events', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    await client.account.logout({ body: {} });
    const events = await server.database.db
      .selectFrom('events')
      .innerJoin('users', 'users.id', 'events.actor_id')
      .select('event_type')
      .where('users.email', '=', 'manager@acme-labs.example')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['user.signedIn', 'user.signedOut']));
  });

  it('keeps the session in the database, so another server process on the same database knows it', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const count = await server.database.db
      .selectFrom('sessions')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
    expect(jar.get('portal_session')).toBeTruthy();
  });
});
