import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../api-mock/src/app';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

type Server = Awaited<ReturnType<typeof startApiServer>>;

const contactRequest = {
  firstName: 'Lena',
  lastName: 'Lab',
  emailAddress: 'lena@newlab.example',
  telephone: '+49 30 1234 567',
  comments: 'We need portal access.',
};

describe('the anti-forgery check', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  it.each(['/%61pi/Account/logout', '/API/Account/logout', '/api/Account/logout/'])(
    'checks %s like /api/Account/logout: without the token it answers 403',
    async (url) => {
      const { jar } = await signedIn(server.app, 'user@acme-labs.example');
      const res = await server.app.inject({ method: 'POST', url, payload: {}, cookies: Object.fromEntries(jar) });
      expect(res.statusCode).toBe(403);
      const me = await server.app.inject({ method: 'GET', url: '/api/users/me', cookies: Object.fromEntries(jar) });
      expect(me.json()).toMatchObject({ errorCode: 0 });
    },
  );

  it("refuses another session's token, even sent as both cookie and header", async () => {
    const victim = await signedIn(server.app, 'user@acme-labs.example');
    const attacker = await signedIn(server.app, 'user@globex.example');
    const token = attacker.jar.get('XSRF-TOKEN')!;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      payload: {},
      headers: { 'x-xsrf-token': token },
      cookies: { ...Object.fromEntries(victim.jar), 'XSRF-TOKEN': token },
    });
    expect(res.statusCode).toBe(403);
  });

  it('hands out a new token at sign-in: the token from before no longer fits the session', async () => {
    const { client, jar } = injectClient(server.app);
    await client.users.me();
    const before = jar.get('XSRF-TOKEN')!;
    await client.account.login({ body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' } });
    const after = jar.get('XSRF-TOKEN')!;
    expect(after).not.toBe(before);
    const stale = await server.app.inject({
      method: 'POST',
      url: '/api/Account/logout',
      payload: {},
      headers: { 'x-xsrf-token': before },
      cookies: { ...Object.fromEntries(jar), 'XSRF-TOKEN': before },
    });
    expect(stale.statusCode).toBe(403);
    const fresh = await client.account.logout({ body: {} });
    expect(fresh.status).toBe(200);
  });
});

describe('bad input in the request frame', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  it('refuses a JSON body over 256 KB with 413 and stores nothing', async () => {
    const { client, jar } = injectClient(server.app);
    await client.users.me();
    const token = jar.get('XSRF-TOKEN')!;
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/Users/ContactUs/Request',
      payload: { ...contactRequest, comments: 'x'.repeat(300 * 1024) },
      headers: { 'x-xsrf-token': token },
      cookies: Object.fromEntries(jar),
    });
    expect(res.statusCode).toBe(413);
    const stored = await server.database.db.selectFrom('contact_requests').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('refuses NUL characters in a body with 400 and stores nothing', async () => {
    const { client } = injectClient(server.app);
    const res = await client.feedback.requestMoreInfo({ body: { ...contactRequest, lastName: 'La\u0000b' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 400 });
    const stored = await server.database.db.selectFrom('contact_requests').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('refuses NUL characters in a query with 400', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/users/me?timeZoneDiff=%00',
      cookies: Object.fromEntries(jar),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body nested deeper than any call takes with 400', async () => {
    const { client, jar } = injectClient(server.app);
    await client.users.me();
    for (const depth of [40, 40_000]) {
      const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/Users/ContactUs/Request',
        payload: `{"firstName":"Lena","extra":${deep}}`,
        headers: { 'content-type': 'application/json', 'x-xsrf-token': jar.get('XSRF-TOKEN')! },
        cookies: Object.fromEntries(jar),
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('sets request and connection timeouts, so a slow sender cannot hold a socket for ever', () => {
    expect(server.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.app.initialConfig.connectionTimeout).toBe(REQUEST_TIMEOUT_MS);
  });
});

describe('security headers', () => {
  let server: Server;
  let secure: Server;
  beforeAll(async () => {
    server = await startApiServer();
    secure = await startApiServer({ secureCookies: true });
  });
  afterAll(async () => {
    await server.close();
    await secure.close();
  });

  it('sends a CSP without inline script that forbids framing, nosniff and a referrer policy', async () => {
    for (const url of ['/api/users/me', '/api/docs', '/app/welcome']) {
      const res = await server.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('over HTTPS: HSTS, and the anti-forgery cookie is Secure with the __Host- prefix', async () => {
    const res = await secure.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    const xsrf = res.cookies.find((c) => c.name === '__Host-XSRF-TOKEN');
    expect(xsrf).toMatchObject({ secure: true, path: '/' });
    expect(xsrf?.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('over HTTPS: the session cookie is __Host-, Secure and HttpOnly; only that name signs the caller in', async () => {
    const agent = await signedIn(secure.app, 'user@acme-labs.example');
    const token = agent.jar.get('__Host-portal_session');
    expect(token).toBeTruthy();
    expect(agent.jar.has('portal_session')).toBe(false);
    expect((await agent.client.users.me()).status).toBe(200);

    const login = await secure.app.inject({
      method: 'POST',
      url: '/api/Account/login',
      headers: { 'x-xsrf-token': agent.jar.get('__Host-XSRF-TOKEN')! },
      cookies: Object.fromEntries(agent.jar),
      payload: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
    });
    const session = login.cookies.find((c) => c.name === '__Host-portal_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(session?.domain).toBeUndefined();

    // a cookie without the prefix could have been planted by a sibling domain: it is not a session here
    const planted = await secure.app.inject({
      method: 'GET',
      url: '/api/users/me',
      cookies: { portal_session: token! },
    });
    expect(planted.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer({ rateLimits: { perMinute: 8, mailFormsPerHour: 2 } });
  });
  afterAll(() => server.close());

  it('limits each user, answering 429 with Retry-After and RateLimit headers, and leaves other users alone', async () => {
    const acme = await signedIn(server.app, 'user@acme-labs.example');
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await acme.client.users.me());
    const statuses: number[] = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = answers.find((a) => (a.status as number) === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-limit')).toBe('8');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.body).toMatchObject({ errorCode: 429 });
    const globex = await signedIn(server.app, 'user@globex.example');
    const other = await globex.client.users.me();
    expect(other.status).toBe(200);
  });

  it('limits the sign-in-free mail form hard per address, and stores nothing past the limit', async () => {
    const { client } = injectClient(server.app);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.feedback.requestMoreInfo({ body: contactRequest })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const stored = await server.database.db.selectFrom('contact_requests').select('id').execute();
    expect(stored).toHaveLength(2);
  });
});
