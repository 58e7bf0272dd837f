import { sql, type Kysely } from 'kysely';

/**
 * What the SMTP dispatcher needs (DESIGN.md "Mail"): the mail's HTML, language and stored attachments, and its
 * delivery state (attempts, next attempt, the lease of the dispatcher sending it, last error, permanent failure).
 * A new mail notifies portal_mail once its transaction commits, so a dispatcher of any process wakes at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('html', 'text')
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('en-us'))
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('leased_until', 'timestamptz')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  await sql`
    create index mail_outbox_due on mail_outbox (id) include (next_attempt_at, leased_until)
    where sent_at is null and failed_at is null`.execute(db);
  await sql`
    create or replace function portal_notify_mail() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_mail', '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger mail_outbox_notify after insert on mail_outbox
    for each statement execute function portal_notify_mail()`.execute(db);
}
