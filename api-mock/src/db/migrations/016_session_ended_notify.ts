import { sql, type Kysely } from 'kysely';

/**
 * A session that ends (sign-out, a password change ending the others, the purge) notifies portal_session_ended with
 * `s:<session id>`, and a user who is disabled with `u:<user id>`, whichever server process made the change: the
 * real-time hub of each process closes the sockets that session or user holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function portal_notify_session_ended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_session_ended', 's:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_notify_ended after delete on sessions
    for each row execute function portal_notify_session_ended()`.execute(db);
  await sql`
    create or replace function portal_notify_user_disabled() returns trigger language plpgsql as $$
    begin
      if old.is_active and not new.is_active then
        perform pg_notify('portal_session_ended', 'u:' || new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_notify_disabled after update of is_active on users
    for each row execute function portal_notify_user_disabled()`.execute(db);
}
