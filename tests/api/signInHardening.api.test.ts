import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_MAX_FAILURES, SESSION_IDLE_MINUTES } from '../../contract/limits';
import { purgeExpired } from '../../api-mock/src/db/purge';
import { accountBucket, addressBucket } from '../../api-mock/src/auth/throttle';
import { SESSION_TOUCH_SECONDS } from '../../api-mock/src/auth/sessions';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

type Server = Awaited<ReturnType<typeof startApiServer>>;

const login = (app: Server['app'], emailAddress: string, password: string) =>
  injectClient(app).client.account.login({ body: { emailAddress, password } });

describe('sign-in throttling', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  it('gives a parallel burst of wrong passwords no more guesses than a serial one', async () => {
    const { client } = injectClient(server.app);
    await client.users.me();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.account.login({ body: { emailAddress: 'manager@acme-labs.example', password: 'wrong-guess-1' } }),
      ),
    );
    const guesses = burst.filter((r) => r.status === 200).length;
    const refused = burst.filter((r) => (r.status as number) === 429);
    expect(guesses).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(refused.length).toBeGreaterThanOrEqual(20 - LOGIN_MAX_FAILURES);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("lifts an account's lock when it ends, so nobody can lock an account for ever", async () => {
    const email = 'admin@acme-labs.example';
    for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) await login(server.app, email, 'wrong-guess-2');
    expect((await login(server.app, email, 'Portal2026')).status).toBe(429);
    await server.database.db
      .updateTable('sign_in_throttle')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('bucket', '=', accountBucket(email, '127.0.0.1'))
      .execute();
    const res = await login(server.app, email, 'Portal2026');
    expect(res.body).toMatchObject({ errorCode: 0 });
  });

  it('stops one address guessing across many accounts, whoever they are', async () => {
    const other = await startApiServer();
    try {
      for (let i = 0; i < LOGIN_ADDRESS_MAX_FAILURES; i++) {
        const res = await login(other.app, `nobody${i}@acme-labs.example`, 'wrong-guess-3');
        expect(res.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });
      }
      const next = await login(other.app, 'user@globex.example', 'Portal2026');
      expect(next.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('sessions', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());

  const sessionCount = async () =>
    (
      await server.database.db
        .selectFrom('sessions')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('rotates at sign-in: the session the browser brought ends', async () => {
    const agent = await signedIn(server.app, 'user@acme-labs.example');
    const before = agent.jar.get('portal_session');
    const count = await sessionCount();
    const again = await agent.client.account.login({
      body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
    });
    expect(again.body).toMatchObject({ errorCode: 0 });
    expect(agent.jar.get('portal_session')).not.toBe(before);
    expect(await sessionCount()).toBe(count);
    const stale = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      cookies: { portal_session: before! },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in, however active it was', async () => {
    const agent = await signedIn(server.app, 'manager@acme-labs.example');
    expect((await agent.client.users.me()).status).toBe(200);
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '12 hours 1 minute'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.client.users.me()).status).toBe(401);
  });

  it(`slides the idle end on a call at most once in ${SESSION_TOUCH_SECONDS} s, and refuses a session past it`, async () => {
    const agent = await signedIn(server.app, 'admin@acme-labs.example');
    const user = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@acme-labs.example')
      .executeTakeFirstOrThrow();
    const session = () =>
      server.database.db
        .selectFrom('sessions')
        .select([
          sql<number>`extract(epoch from expires_at - now())`.as('idleLeft'),
          sql<number>`extract(epoch from now() - last_seen_at)`.as('sinceSeen'),
        ])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
    const setSession = (lastSeen: string, expires: string) =>
      server.database.db
        .updateTable('sessions')
        .set({ last_seen_at: sql`now() - ${lastSeen}::interval`, expires_at: sql`now() + ${expires}::interval` })
        .where('user_id', '=', user.id)
        .execute();
    const idleSeconds = SESSION_IDLE_MINUTES * 60;

    await setSession(`${SESSION_TOUCH_SECONDS + 5} seconds`, '1 hour');
    expect((await agent.client.users.me()).status).toBe(200);
    const slid = await session();
    expect(Number(slid.idleLeft)).toBeGreaterThan(idleSeconds - 30);
    expect(Number(slid.sinceSeen)).toBeLessThan(30);

    await setSession(`${SESSION_TOUCH_SECONDS - 30} seconds`, '1 hour');
    expect((await agent.client.users.me()).status).toBe(200);
    const kept = await session();
    expect(Number(kept.idleLeft)).toBeLessThan(3600);
    expect(Number(kept.sinceSeen)).toBeGreaterThan(SESSION_TOUCH_SECONDS - 31);

    await setSession('0 seconds', '-1 second');
    expect((await agent.client.users.me()).status).toBe(401);
  });

  it('purges ended sessions and forgotten throttle buckets, and keeps the live ones', async () => {
    const live = await signedIn(server.app, 'admin@globex.example');
    await login(server.app, 'user@globex.example', 'wrong-guess-4');
    await server.database.db
      .updateTable('sign_in_throttle')
      .set({ locked_until: null, forget_at: sql`now() - interval '1 second'` })
      .execute();
    await login(server.app, 'pe@provider.example', 'wrong-guess-5');
    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('user_id', 'in', (qb) =>
        qb.selectFrom('users').select('users.id').where('email', '!=', 'admin@globex.example'),
      )
      .execute();
    await purgeExpired(server.database.db, server.storage);
    const buckets = await server.database.db.selectFrom('sign_in_throttle').select('bucket').execute();
    expect(buckets.map((b) => b.bucket).sort()).toEqual(
      [accountBucket('pe@provider.example', '127.0.0.1'), addressBucket('127.0.0.1')].sort(),
    );
    expect(await sessionCount()).toBe(1);
    expect((await live.client.users.me()).status).toBe(200);
  });
});
