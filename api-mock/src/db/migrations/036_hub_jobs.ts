import { sql, type Kysely } from 'kysely';

/**
 * Work sent to the hub (the two imports) is queued here and run by whichever server process claims it; what it
 * answers goes back over LISTEN/NOTIFY to the process holding the connection. Answers too long for a notification
 * wait in hub_messages until that process takes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists hub_jobs (
    id bigserial primary key,
    connection_id text not null,
    session_id text not null,
    kind text not null,
    message text not null,
    created_at timestamptz not null default now(),
    claimed_at timestamptz
  )`.execute(db);
  await sql`create index if not exists hub_jobs_unclaimed on hub_jobs (id) where claimed_at is null`.execute(db);
  await sql`create table if not exists hub_messages (
    id bigserial primary key,
    connection_id text not null,
    body text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}
