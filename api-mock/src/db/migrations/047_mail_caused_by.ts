import { sql, type Kysely } from 'kysely';

/**
 * The user whose request caused a mail (feedback, contact us, service and contract requests, invitations): the
 * hourly quota of mails a user can cause counts these rows, so it holds across server processes. No foreign key:
 * the outbox keeps what was sent whoever is removed later. Mails no user asked for (onboarding by provider staff,
 * a reservation's deletion notice) have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('caused_by', 'integer').execute();
  await sql`create index if not exists mail_outbox_caused_by
    on mail_outbox (caused_by, created_at) where caused_by is not null`.execute(db);
}
