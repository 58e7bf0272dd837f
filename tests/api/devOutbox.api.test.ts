import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
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
