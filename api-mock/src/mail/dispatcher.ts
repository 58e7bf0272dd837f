import { sql, type Kysely } from 'kysely';
import nodemailer, { type NodemailerError } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Listen } from '../db/connect';
import type { Database } from '../db/schema';
import type { FileStorage } from '../storage';
import { composeMail, type OutboxMail } from './message';
import { headerText, MAIL_CHANNEL } from './outbox';

export interface DispatchTiming {
  /** How often the outbox is looked at without a notification (mails due for a retry, leases run out). */
  pollIntervalMs: number;
  /** The wait after the first failed attempt; it doubles with each further one, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** After this many attempts a mail has failed for good. */
  maxAttempts: number;
  /** Mails claimed by one statement. */
  batchSize: number;
  /** How long a claimed mail is reserved for its dispatcher; after that another one sends it (at least once). */
  leaseMs: number;
  /** Connect, greeting and idle-socket timeout of the SMTP connection: well below leaseMs. */
  smtpTimeoutMs: number;
}

export const DEFAULT_DISPATCH_TIMING: DispatchTiming = {
  pollIntervalMs: 30_000,
  backoffBaseMs: 60_000,
  backoffMaxMs: 6 * 3_600_000,
  maxAttempts: 10,
  batchSize: 20,
  leaseMs: 10 * 60_000,
  smtpTimeoutMs: 60_000,
};

/** The longest error text kept (the column's length). */
const ERROR_MAX = 1000;

export interface DispatcherDeps {
  db: Kysely<Database>;
  /** LISTEN/NOTIFY of the database: a mail queued by any process wakes the dispatcher at once. */
  listen?: Listen;
  /** A nodemailer transport URL: smtp://user:pass@host:587, smtps://host:465, with options as query parameters. */
  smtpUrl: string;
  /** The From of every mail (MAIL_FROM), `Portal <no-reply@provider.example>`. */
  from?: string;
  /** Where the attachments are read from when a mail is sent. */
  storage: Pick<FileStorage, 'open'>;
  onError?: (err: unknown) => void;
  timing?: Partial<DispatchTiming>;
}

export interface MailDispatcher {
  /** Look at the outbox now (the notification does this; tests may too). */
  wake(): void;
  /** Stop: the mail being sent is finished, the rest of a claimed batch released, the transport closed. */
  stop(): Promise<void>;
}

/** The wait before attempt `attempts + 1`: doubling from the base, capped. */
export const backoffMs = (attempts: number, t: Pick<DispatchTiming, 'backoffBaseMs' | 'backoffMaxMs'>) =>
  Math.min(t.backoffMaxMs, t.backoffBaseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));

type Claimed = OutboxMail & { attempts: number };

const millis = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

const errorText = (err: unknown) => {
  const e = err as NodemailerError;
  const text = e?.response ?? (e instanceof Error ? e.message : String(err));
  return headerText([e?.code, text].filter(Boolean).join(': ')).slice(0, ERROR_MAX);
};

/**
 * Sends the outbox through SMTP (DESIGN.md "Mail"). Due mails are claimed in one short statement that reserves them
 * (a lease) and counts the attempt, with FOR UPDATE SKIP LOCKED so dispatchers of several processes never claim the
 * same mail; each is then sent outside any transaction and marked sent, or its error kept and its next attempt set
 * with backoff, or after maxAttempts (or a permanent SMTP refusal) marked failed. A mail whose dispatcher died
 * mid-send is claimed again when its lease runs out: at least once.
 */
export async function startMailDispatcher(deps: DispatcherDeps): Promise<MailDispatcher> {
  const { db, from = '' } = deps;
  if (!/^[^@\s]+@[^@\s]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(from) || headerText(from) !== from) {
    throw new Error('Sending mail (SMTP_URL) needs MAIL_FROM: the sender address, like Portal <no-reply@example.com>');
  }
  const openAttachment = async (bucket: string, key: string) => (await deps.storage.open(bucket, key))?.stream ?? null;
  const t: DispatchTiming = { ...DEFAULT_DISPATCH_TIMING, ...deps.timing };
  const onError = deps.onError ?? (() => {});
  const transport = nodemailer.createTransport({
    ...parseConnectionUrl(deps.smtpUrl),
    connectionTimeout: t.smtpTimeoutMs,
    greetingTimeout: t.smtpTimeoutMs,
    socketTimeout: t.smtpTimeoutMs,
    // Attachments are the file store's bytes: never a path or URL the message might name.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const claim = async () => {
    const { rows } = await sql<Claimed>`
      update mail_outbox set attempts = attempts + 1, leased_until = now() + ${millis(t.leaseMs)}
      where id in (
        select id from mail_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (leased_until is null or leased_until <= now())
        order by id limit ${t.batchSize}
        for update skip locked)
      returning id, to_addresses, subject, body, html, language, attachments, attempts, created_at`.execute(db);
    return rows.sort((a, b) => a.id - b.id);
  };

  const deliver = async (mail: Claimed) => {
    try {
      const { message, invalid } = await composeMail(mail, from, openAttachment);
      const info = await transport.sendMail(message);
      const refused = [...invalid, ...(info.rejected ?? [])];
      await db
        .updateTable('mail_outbox')
        .set({
          sent_at: sql`now()`,
          leased_until: null,
          last_error: refused.length > 0 ? errorText(`Not sent to ${refused.join(', ')}`) : null,
        })
        .where('id', '=', mail.id)
        .execute();
    } catch (err) {
      const permanent = (err as NodemailerError).permanent === true || mail.attempts >= t.maxAttempts;
      await db
        .updateTable('mail_outbox')
        .set({
          leased_until: null,
          last_error: errorText(err),
          failed_at: permanent ? sql`now()` : null,
          next_attempt_at: sql`now() + ${millis(backoffMs(mail.attempts, t))}`,
        })
        .where('id', '=', mail.id)
        .where('sent_at', 'is', null)
        .execute();
    }
  };

  /** Claimed mails a stopping dispatcher did not try: free for another one now, the attempt not counted. */
  const release = async (ids: number[]) => {
    if (ids.length === 0) return;
    await db
      .updateTable('mail_outbox')
      .set({ leased_until: null, attempts: sql`attempts - 1` })
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .execute();
  };

  const pass = async () => {
    do {
      again = false;
      for (let batch = await claim(); batch.length > 0 && !stopped; batch = await claim()) {
        for (const [i, mail] of batch.entries()) {
          if (stopped) {
            await release(batch.slice(i).map((m) => m.id));
            return;
          }
          await deliver(mail);
        }
      }
    } while (again && !stopped);
  };

  /** Until the next mail is due (a retry or a lease running out), at most the poll interval. */
  const nextWait = async () => {
    const { rows } = await sql<{ ms: number | null }>`
      select extract(epoch from min(greatest(next_attempt_at, coalesce(leased_until, next_attempt_at))) - now())
        * 1000 as ms
      from mail_outbox where sent_at is null and failed_at is null`.execute(db);
    const ms = Number(rows[0]?.ms ?? t.pollIntervalMs);
    return Math.min(t.pollIntervalMs, Math.max(0, Number.isFinite(ms) ? Math.ceil(ms) : t.pollIntervalMs));
  };

  const schedule = async () => {
    const wait = await nextWait().catch((err) => (onError(err), t.pollIntervalMs));
    if (stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(wake, wait);
    timer.unref();
  };

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .catch(onError)
      .finally(() => {
        running = null;
        void schedule();
      });
  }

  const unlisten = deps.listen ? await deps.listen(MAIL_CHANNEL, wake) : async () => {};
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten();
      await running;
      clearTimeout(timer);
      transport.close();
    },
  };
}
