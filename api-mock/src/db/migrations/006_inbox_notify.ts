import { sql, type Kysely } from 'kysely';

/**
 * Every change of a user's messages notifies the channel portal_inbox with the user id, whichever server process
 * made it; the real-time hub of each process pushes the new unread count to that user's connections.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function portal_notify_inbox() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_inbox', coalesce(new.user_id, old.user_id)::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger messages_notify_inbox after insert or update or delete on messages
    for each row execute function portal_notify_inbox()`.execute(db);
}
