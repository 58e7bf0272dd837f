import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../api-mock/src/mail/outbox';
import { registerDevOutbox } from '../../api-mock/src/routes/devOutbox';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const deps = () => ({ db: server.database.db, config: { secureCookies: false, validateResponses: true } });

describe('GET /dev/outbox', () => {
  it('lists the queued mails newest first, with their text escaped', async () => {
    await queueMail(server.database.db, { to: ['first@lab.example'], subject: 'Older mail', body: 'one' });
    await queueMail(server.database.db, {
      to: ['a@lab.example', 'b@lab.example'],
      subject: 'Newer <b>mail</b>',
      body: 'Issue:\n<script>alert(1)</script> & more',
    });
    const res = await server.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html.indexOf('Newer &lt;b&gt;mail&lt;/b&gt;')).toBeGreaterThan(-1);
    expect(html.indexOf('Newer &lt;b&gt;mail&lt;/b&gt;')).toBeLessThan(html.indexOf('Older mail'));
    expect(html).toContain('a@lab.example, b@lab.example');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).not.toContain('<script>');
  });

  it('is not served in production', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const app = Fastify();
    try {
      await registerDevOutbox(app, deps());
      const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      process.env.NODE_ENV = previous;
      await app.close();
    }
  });

  it('is served outside production', async () => {
    const app = Fastify();
    try {
      await registerDevOutbox(app, deps(), true);
      const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1>Mail outbox</h1>');
    } finally {
      await app.close();
    }
  });
});
