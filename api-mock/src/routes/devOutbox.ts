import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { requirePEUser } from '../auth/actor';
import { escapeHtml } from '../lib/html';

/** Most mails the page lists. */
export const DEV_OUTBOX_LIMIT = 200;

/** Timestamps come back as Date from PostgreSQL and PGlite. */
const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * GET /dev/outbox (DESIGN.md "Mail"): the mails the portal has queued, newest first, as a plain HTML page for
 * developers. Registered only with the demo world (never on a production deployment), and only for provider staff:
 * the mails carry every customer's data.
 */
export async function registerDevOutbox(app: FastifyInstance, { db }: Pick<AppDeps, 'db'>): Promise<void> {
  app.get('/dev/outbox', async (request, reply) => {
    await requirePEUser(db, request);
    const mails = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DEV_OUTBOX_LIMIT)
      .execute();
    const items = mails
      .map(
        (m) => `<article data-mail-id="${m.id}">
<h2>${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to_addresses.split(';').join(', '))}</dd>
<dt>Queued</dt><dd><time>${instant(m.created_at)}</time></dd>
<dt>Sent</dt><dd>${m.sent_at === null ? 'not sent (no mail transport)' : `<time>${instant(m.sent_at)}</time>`}</dd>
</dl>
<pre>${escapeHtml(m.body)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mail outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}article{border-top:1px solid #ccc;padding:1rem 0}
dl{display:grid;grid-template-columns:6rem 1fr;margin:0}dd{margin:0}pre{white-space:pre-wrap;background:#f5f5f5;padding:.5rem}</style>
</head>
<body>
<h1>Mail outbox</h1>
<p>Mails the portal has queued, newest first (at most ${DEV_OUTBOX_LIMIT}). This page exists with the demo world only, for provider staff.</p>
${mails.length === 0 ? '<p>No mails yet.</p>' : items}
</body>
</html>`;
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
