import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { providerStaff } from '../../../contract/access';
import { AccessCode } from '../../../contract/permissions';
import type { AppDeps } from '../deps';
import type { MailOutboxTable } from '../db/schema';
import { enforce } from '../access/guard';
import { escapeHtml } from '../lib/html';

/** Most mails the page lists. */
export const DEV_OUTBOX_LIMIT = 200;

/** The mails carry every customer's data: provider staff holding the admin access code. */
const OUTBOX_ACCESS = providerStaff('anyCustomer', { accessCode: AccessCode.Admin }).access;

/** The delivery states the page can be narrowed to (with SMTP dispatch). */
export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
type OutboxState = (typeof OUTBOX_STATES)[number];

type MailRow = Selectable<MailOutboxTable>;

/** Timestamps come back as Date from PostgreSQL and PGlite. */
const instant = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const time = (value: unknown) => `<time>${instant(value)}</time>`;
const lastError = (m: MailRow) => (m.last_error ? `; last error: ${escapeHtml(m.last_error)}` : '');

/** Where a mail stands with the SMTP dispatcher. */
function delivery(m: MailRow): string {
  if (m.sent_at !== null) return `<dd data-state="sent">sent ${time(m.sent_at)}${lastError(m)}</dd>`;
  if (m.failed_at !== null) {
    return `<dd data-state="failed"><strong>failed permanently</strong> ${time(m.failed_at)} after ${m.attempts} attempt(s)${lastError(m)}</dd>`;
  }
  const tries = m.attempts === 0 ? 'not tried yet' : `${m.attempts} attempt(s), next try ${time(m.next_attempt_at)}`;
  return `<dd data-state="pending">pending: ${tries}${lastError(m)}</dd>`;
}

/**
 * A sign-up link's secret, shown by its last four characters only: whoever reads the page could otherwise take over
 * the invited account. The token is base64url (accountManagement/invitations.queries.ts).
 */
export const maskTokens = (text: string) =>
  text.replace(/#token=[A-Za-z0-9_-]*([A-Za-z0-9_-]{4})/g, (_, end: string) => `#token=…${end}`);

const withoutTransport = (m: MailRow) =>
  `<dd>${m.sent_at === null ? 'not sent (no mail transport)' : time(m.sent_at)}</dd>`;

/**
 * GET /dev/outbox (DESIGN.md "Mail"): the mails the portal has queued, newest first, as a plain HTML page for
 * developers and operators, only for provider staff holding the admin access code (the mails carry every customer's
 * data), sign-up tokens masked. Registered with the demo world, and with SMTP dispatch, where it shows each mail's
 * delivery (sent, pending with its retries, failed permanently with the error) and can be narrowed to one state
 * (`?state=failed`).
 */
export async function registerDevOutbox(app: FastifyInstance, { db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const dispatching = config.mailDispatch ?? false;
  app.get<{ Querystring: { state?: OutboxState } }>(
    '/dev/outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { state: { type: 'string', maxLength: 10, enum: [...OUTBOX_STATES] } },
        },
      },
    },
    async (request, reply) => {
      await enforce(db, OUTBOX_ACCESS, { request });
      const state = dispatching ? request.query.state : undefined;
      let query = db.selectFrom('mail_outbox').selectAll();
      if (state === 'sent') query = query.where('sent_at', 'is not', null);
      if (state === 'failed') query = query.where('failed_at', 'is not', null);
      if (state === 'pending') query = query.where('sent_at', 'is', null).where('failed_at', 'is', null);
      const mails = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DEV_OUTBOX_LIMIT).execute();
      const items = mails
        .map(
          (m) => `<article data-mail-id="${m.id}">
<h2>${escapeHtml(maskTokens(m.subject))}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to_addresses.split(';').join(', '))}</dd>
<dt>Queued</dt><dd>${time(m.created_at)}</dd>
<dt>Sent</dt>${dispatching ? delivery(m) : withoutTransport(m)}
</dl>
<pre>${escapeHtml(maskTokens(m.body))}</pre>
</article>`,
        )
        .join('\n');
      const intro = dispatching
        ? `<p>Mails the portal has queued and sends through SMTP, newest first (at most ${DEV_OUTBOX_LIMIT}), for provider staff.</p>
${await summary(db)}`
        : `<p>Mails the portal has queued, newest first (at most ${DEV_OUTBOX_LIMIT}). This page exists with the demo world only, for provider staff.</p>`;
      const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mail outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}article{border-top:1px solid #ccc;padding:1rem 0}
dl{display:grid;grid-template-columns:6rem 1fr;margin:0}dd{margin:0}pre{white-space:pre-wrap;background:#f5f5f5;padding:.5rem}</style>
</head>
<body>
<h1>Mail outbox</h1>
${intro}
${mails.length === 0 ? '<p>No mails yet.</p>' : items}
</body>
</html>`;
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
}

/** How many mails wait and how many failed for good, with links to list only those. */
async function summary(db: AppDeps['db']): Promise<string> {
  const row = await db
    .selectFrom('mail_outbox')
    .where('sent_at', 'is', null)
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('failed_at', 'is', null).as('pending'),
      eb.fn.countAll<number>().filterWhere('failed_at', 'is not', null).as('failed'),
    ])
    .executeTakeFirstOrThrow();
  return `<p data-summary><a href="?state=pending">${Number(row.pending)} pending</a>, <a href="?state=failed">${Number(row.failed)} failed permanently</a>, <a href="?state=sent">sent</a>, <a href="?">all</a></p>`;
}
