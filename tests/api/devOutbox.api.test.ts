import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ROLE } from '../../contract/limits';
import { AccessCode } from '../../contract/permissions';
import { queueMail } from '../../api-mock/src/mail/outbox';
import { createServer } from '../../api-mock/src/server';
import { startApiServer } from '../support/apiServer';
import { signedIn } from '../support/injectClient';
import { createDatabase } from '../support/postgres';
import { TEST_PUBLIC_ORIGIN } from '../support/testServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const outboxAs = async (email: string | null) => {
  const cookies = email ? Object.fromEntries((await signedIn(server.app, email)).jar) : {};
  return server.app.inject({ method: 'GET', url: '/dev/outbox', cookies });
};

describe('GET /dev/outbox', () => {
  it('lists the queued mails newest first, with their text escaped, to provider staff', async () => {
    await queueMail(server.database.db, { to: ['first@lab.example'], subject: 'Older mail', body: 'one' });
    await queueMail(server.database.db, {
      to: ['a@lab.example', 'b@lab.example'],
      subject: 'Newer <b>mail</b>',
      body: 'Issue:\n<script>alert(1)</script> & more',
    });
    const res = await outboxAs('pe@provider.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html.indexOf('Newer &lt;b&gt;mail&lt;/b&gt;')).toBeGreaterThan(-1);
    expect(html.indexOf('Newer &lt;b&gt;mail&lt;/b&gt;')).toBeLessThan(html.indexOf('Older mail'));
    expect(html).toContain('a@lab.example, b@lab.example');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).not.toContain('<script>');
  });

  it('shows no mail to a caller without a session, nor to a customer admin', async () => {
    const anonymous = await outboxAs(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Mail outbox');
    const admin = await outboxAs('admin@acme-labs.example');
    expect(admin.statusCode).toBe(403);
    expect(admin.body).not.toContain('Mail outbox');
  });

  it('needs the admin access code: provider staff without it are refused with 403', async () => {
    const db = server.database.db;
    const staff = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pe@provider.example')
      .executeTakeFirstOrThrow();
    expect((await outboxAs('pe@provider.example')).statusCode).toBe(200);
    await db
      .deleteFrom('user_access_codes')
      .where('user_id', '=', staff.id)
      .where('access_code', '=', AccessCode.Admin)
      .execute();
    try {
      const refused = await outboxAs('pe@provider.example');
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Mail outbox');
    } finally {
      await db.insertInto('user_access_codes').values({ user_id: staff.id, access_code: AccessCode.Admin }).execute();
    }
  });

  it('masks the token of a sign-up link: the page shows its last four characters only', async () => {
    const db = server.database.db;
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const invitee = `outbox.${Date.now()}@newcomer.example`;
    const location = await db
      .selectFrom('locations')
      .innerJoin('users', 'users.customer_id', 'locations.customer_id')
      .select('locations.id')
      .where('users.email', '=', 'admin@acme-labs.example')
      .orderBy('locations.id')
      .executeTakeFirstOrThrow();
    const invited = await client.accountManagement.inviteUser({
      body: { emailTo: [invitee], locationId: location.id, roleId: ROLE.StandardUser, type: 1, language: 'en-us' },
    });
    expect(invited.status).toBe(200);
    const mail = await db
      .selectFrom('mail_outbox')
      .select('body')
      .where('to_addresses', '=', invitee)
      .executeTakeFirstOrThrow();
    const token = mail.body.match(/#token=([A-Za-z0-9_-]+)/)?.[1];
    expect(token?.length).toBeGreaterThan(8);
    const res = await outboxAs('pe@provider.example');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(invitee);
    expect(res.body).not.toContain(token!);
    expect(res.body).toContain(`/signUp#token=…${token!.slice(-4)}`);
  });
});

describe('a server started without the demo world (a deployment)', () => {
  it('seeds nothing and serves no outbox page', async () => {
    const adminUrl = inject('pgAdminUrl');
    const bare = await createServer({
      databaseUrl: adminUrl ? await createDatabase(adminUrl) : undefined,
      publicOrigin: TEST_PUBLIC_ORIGIN,
    });
    try {
      expect(bare.seeded).toBe(false);
      const users = await bare.database.db.selectFrom('users').select('id').execute();
      expect(users).toEqual([]);
      const res = await bare.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Mail outbox');
    } finally {
      await bare.close();
    }
  });
});
