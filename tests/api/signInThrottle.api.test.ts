import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_BACKOFF_BASE_SECONDS, LOGIN_MAX_FAILURES } from '../../contract/limits';
import { accountBucket } from '../../api-mock/src/auth/throttle';
import { startApiServer } from '../support/apiServer';

type Server = Awaited<ReturnType<typeof startApiServer>>;

/** The load balancer the server trusts (TRUST_PROXY), and a caller it does not. */
const PROXY = '10.0.0.1';
const STRANGER = '198.51.100.7';
const PASSWORD = 'Portal2026';

/**
 * A browser: its cookie jar, the anti-forgery header, and the address its calls come from. Behind the proxy the
 * socket is the proxy's and X-Forwarded-For names the browser's address; `peer` connects directly instead.
 */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly address: string,
    private readonly peer = PROXY,
  ) {}

  async send(method: 'GET' | 'POST', url: string, payload?: object, forwardedFor = this.address) {
    const xsrf = this.jar.get('XSRF-TOKEN') ?? this.jar.get('__Host-XSRF-TOKEN');
    const res = await this.app.inject({
      method,
      url,
      payload,
      remoteAddress: this.peer,
      headers: { 'x-forwarded-for': forwardedFor, ...(method === 'POST' && xsrf ? { 'x-xsrf-token': xsrf } : {}) },
      cookies: Object.fromEntries(this.jar),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  async signIn(emailAddress: string, password: string, forwardedFor?: string) {
    if (!this.jar.has('XSRF-TOKEN') && !this.jar.has('__Host-XSRF-TOKEN')) await this.send('GET', '/api/users/me');
    const res = await this.send('POST', '/api/Account/login', { emailAddress, password }, forwardedFor);
    const outcome =
      res.statusCode === 429
        ? 'throttled'
        : res.json<{ errorCode: number }>().errorCode === 0
          ? 'signed in'
          : res.json<{ errorCode: number }>().errorCode === ErrorCode.InvalidCredentials
            ? 'wrong'
            : `errorCode ${res.json<{ errorCode: number }>().errorCode}`;
    return { outcome, retryAfter: Number(res.headers['retry-after'] ?? 0), res };
  }
}

const outcomes = async (attempts: Array<() => Promise<{ outcome: string }>>) => {
  const seen: string[] = [];
  for (const attempt of attempts) seen.push((await attempt()).outcome);
  return seen;
};
const times = (n: number, attempt: (i: number) => Promise<{ outcome: string }>) =>
  outcomes(Array.from({ length: n }, (_, i) => () => attempt(i)));

describe('sign-in throttling behind a trusted proxy', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer({ trustProxy: [PROXY] });
  });
  afterAll(() => server.close());

  it('31 failed sign-ins from one client lock that client, not another client behind the same proxy', async () => {
    const sprayer = new Browser(server.app, '203.0.113.10');
    const seen = await times(LOGIN_ADDRESS_MAX_FAILURES + 1, (i) =>
      sprayer.signIn(`nobody${i}@acme-labs.example`, 'wrong-guess'),
    );
    expect(seen).toEqual([...Array<string>(LOGIN_ADDRESS_MAX_FAILURES).fill('wrong'), 'throttled']);
    expect((await sprayer.signIn('user@acme-labs.example', PASSWORD)).outcome).toBe('throttled');

    const colleague = new Browser(server.app, '203.0.113.11');
    expect((await colleague.signIn('user@acme-labs.example', PASSWORD)).outcome).toBe('signed in');
  });

  it("ignores X-Forwarded-For from a peer it does not trust: the socket's address is counted", async () => {
    const stranger = new Browser(server.app, '203.0.113.12', STRANGER);
    const seen = await times(LOGIN_ADDRESS_MAX_FAILURES + 1, (i) =>
      stranger.signIn(`nobody${i}@globex.example`, 'wrong-guess', `192.0.2.${i}`),
    );
    expect(seen.at(-1)).toBe('throttled');
    expect((await stranger.signIn('user@acme-labs.example', PASSWORD, '192.0.2.200')).outcome).toBe('throttled');
  });

  it('6 wrong passwords from X lock X out of that account only: the owner signs in from Y', async () => {
    const email = 'manager@acme-labs.example';
    const guesser = new Browser(server.app, '203.0.113.20');
    const seen = await times(LOGIN_MAX_FAILURES + 1, () => guesser.signIn(email, 'wrong-guess'));
    expect(seen).toEqual([...Array<string>(LOGIN_MAX_FAILURES).fill('wrong'), 'throttled']);
    expect((await guesser.signIn('user@globex.example', PASSWORD)).outcome).toBe('signed in');

    const owner = new Browser(server.app, '203.0.113.21');
    expect((await owner.signIn(email, PASSWORD)).outcome).toBe('signed in');
  });

  it('the right password from a client locked out of the account is refused; the owner with a device cookie signs in', async () => {
    const email = 'admin@acme-labs.example';
    const lab = '203.0.113.30';
    const owner = new Browser(server.app, lab);
    expect((await owner.signIn(email, PASSWORD)).outcome).toBe('signed in');
    expect(owner.jar.get('portal_device')).toMatch(/^[\w-]{24}\.[\w-]{43}$/);

    // a colleague's browser at the same address (the lab's one public address) guesses the owner's password
    const guesser = new Browser(server.app, lab);
    await times(LOGIN_MAX_FAILURES, () => guesser.signIn(email, 'wrong-guess'));
    const locked = await guesser.signIn(email, PASSWORD);
    expect(locked.outcome).toBe('throttled');
    expect(locked.retryAfter).toBeGreaterThan(0);
    expect(locked.res.json()).toMatchObject({ errorCode: 429 });

    expect((await owner.signIn(email, PASSWORD)).outcome).toBe('signed in');
    expect((await guesser.signIn(email, PASSWORD)).outcome).toBe('throttled');
  });

  it('the guesser waits longer after each failure past the free ones (Retry-After in seconds)', async () => {
    const email = 'admin@globex.example';
    const guesser = new Browser(server.app, '203.0.113.40');
    const lockEnds = () =>
      server.database.db
        .updateTable('sign_in_throttle')
        .set({ locked_until: sql`now() - interval '1 second'` })
        .where('bucket', '=', accountBucket(email, guesser.address))
        .execute();

    await times(LOGIN_MAX_FAILURES, () => guesser.signIn(email, 'wrong-guess'));
    const first = await guesser.signIn(email, 'wrong-guess');
    expect(first.outcome).toBe('throttled');
    expect(first.retryAfter).toBeGreaterThan(LOGIN_BACKOFF_BASE_SECONDS - 5);
    expect(first.retryAfter).toBeLessThanOrEqual(LOGIN_BACKOFF_BASE_SECONDS);

    await lockEnds();
    expect((await guesser.signIn(email, 'wrong-guess')).outcome).toBe('wrong');
    const second = await guesser.signIn(email, PASSWORD);
    expect(second.outcome).toBe('throttled');
    expect(second.retryAfter).toBeGreaterThan(LOGIN_BACKOFF_BASE_SECONDS);
    expect(second.retryAfter).toBeLessThanOrEqual(2 * LOGIN_BACKOFF_BASE_SECONDS);

    await lockEnds();
    expect((await guesser.signIn(email, 'wrong-guess')).outcome).toBe('wrong');
    expect((await guesser.signIn(email, 'wrong-guess')).retryAfter).toBeGreaterThan(2 * LOGIN_BACKOFF_BASE_SECONDS);

    // the lock ends, the owner's right password there starts the account afresh
    await lockEnds();
    expect((await guesser.signIn(email, PASSWORD)).outcome).toBe('signed in');
    expect(await times(LOGIN_MAX_FAILURES, () => guesser.signIn(email, 'wrong-guess'))).not.toContain('throttled');
  });

  it('a device cookie is a bucket of its own, and names one user: another account or a forged mac is not trusted', async () => {
    const email = 'user@globex.example';
    const address = '203.0.113.50';
    const owner = new Browser(server.app, address);
    expect((await owner.signIn(email, PASSWORD)).outcome).toBe('signed in');
    const cookie = owner.jar.get('portal_device')!;

    // guesses through a stolen device cookie are throttled in the cookie's bucket, not the address's
    const seen = await times(LOGIN_MAX_FAILURES + 1, (i) =>
      owner.signIn(email, i < LOGIN_MAX_FAILURES ? 'wrong-guess' : PASSWORD),
    );
    expect(seen).toEqual([...Array<string>(LOGIN_MAX_FAILURES).fill('wrong'), 'throttled']);
    const neighbour = new Browser(server.app, address);
    expect((await neighbour.signIn(email, PASSWORD)).outcome).toBe('signed in');

    // cookieless browsers at the address guess the account: locked out there, except with a device cookie
    await times(LOGIN_MAX_FAILURES, () => new Browser(server.app, address).signIn(email, 'wrong-guess'));
    const forged = new Browser(server.app, address);
    forged.jar.set('portal_device', `${cookie.slice(0, 40)}${cookie[40] === 'A' ? 'B' : 'A'}${cookie.slice(41)}`);
    expect((await forged.signIn(email, PASSWORD)).outcome).toBe('throttled');
    expect((await neighbour.signIn(email, PASSWORD)).outcome).toBe('signed in');

    // the neighbour's cookie names user@globex only: another account locked at the address stays locked to it
    await times(LOGIN_MAX_FAILURES, () => new Browser(server.app, address).signIn('pe@provider.example', 'nope'));
    expect((await neighbour.signIn('pe@provider.example', PASSWORD)).outcome).toBe('throttled');
  });
});

describe('the device cookie', () => {
  let secure: Server;
  beforeAll(async () => {
    secure = await startApiServer({ secureCookies: true });
  });
  afterAll(() => secure.close());

  it('is set at sign-in: HttpOnly, long-lived, __Host- over HTTPS; it keeps an entry for each of a few users', async () => {
    const browser = new Browser(secure.app, '203.0.113.60', '127.0.0.1');
    const { res } = await browser.signIn('user@acme-labs.example', PASSWORD);
    const device = res.cookies.find((c) => c.name === '__Host-portal_device');
    expect(device).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Strict' });
    expect(device?.domain).toBeUndefined();
    expect(device?.maxAge).toBeGreaterThan(180 * 24 * 60 * 60);
    expect(res.cookies.find((c) => c.name === 'portal_device')).toBeUndefined();

    await browser.signIn('manager@acme-labs.example', PASSWORD);
    await browser.signIn('user@acme-labs.example', PASSWORD);
    expect(browser.jar.get('__Host-portal_device')!.split('~')).toHaveLength(2);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer({ trustProxy: [PROXY], rateLimits: { perMinute: 3, mailFormsPerHour: 2 } });
  });
  afterAll(() => server.close());

  it("count each client's own calls, not the proxy's", async () => {
    const busy = new Browser(server.app, '203.0.113.70');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await busy.send('GET', '/api/users/me')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await new Browser(server.app, '203.0.113.71').send('GET', '/api/users/me')).statusCode).toBe(401);
  });
});
