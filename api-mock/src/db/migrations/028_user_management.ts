import { sql, type Kysely } from 'kysely';

/**
 * The user lists and removing a user (spec 3 "User lists", issue 12): a removed user keeps their row, so their
 * reservations, views and requests stay attributed, and is marked with deleted_at; the time of each user's latest
 * sign-in; the display name and a search vector the lists filter, sort and search on; their sessions end at once
 * (the real-time hub of every process is told, as when a user is disabled).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column deleted_at timestamptz`.execute(db);
  await sql`alter table users add column current_login_time timestamptz`.execute(db);
  await sql`alter table users add column display_name varchar(61)
    generated always as (first_name || ' ' || last_name) stored`.execute(db);
  await sql`alter table users add column search tsvector generated always as (to_tsvector('simple',
    first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(job_title, '') || ' '
    || coalesce(department, '') || ' ' || coalesce(office_phone, ''))) stored`.execute(db);
  await sql`create index users_list on users (customer_id, is_active, display_name, id)
    where deleted_at is null`.execute(db);
  await sql`create index users_search on users using gin (search)`.execute(db);
  await sql`
    create or replace function portal_notify_user_disabled() returns trigger language plpgsql as $$
    begin
      if (old.is_active and not new.is_active) or (old.deleted_at is null and new.deleted_at is not null) then
        perform pg_notify('portal_session_ended', 'u:' || new.id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger users_notify_disabled on users`.execute(db);
  await sql`
    create trigger users_notify_disabled after update of is_active, deleted_at on users
    for each row execute function portal_notify_user_disabled()`.execute(db);
}
