import { sql, type Kysely } from 'kysely';

/**
 * The domain-event log is the audit trail GxP labs rely on: the database itself refuses to change or delete a row
 * of `events`, whatever code or call asks (statement-level, so TRUNCATE is refused as well).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`drop trigger if exists events_no_change on events`.execute(db);
  await sql`create trigger events_no_change before update or delete on events
    for each row execute function events_append_only()`.execute(db);
  await sql`drop trigger if exists events_no_truncate on events`.execute(db);
  await sql`create trigger events_no_truncate before truncate on events
    for each statement execute function events_append_only()`.execute(db);
}
