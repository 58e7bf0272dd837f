import { sql, type Kysely } from 'kysely';

/**
 * The sign-in throttle counts in buckets (a client address; an account from one address; a device cookie) with an
 * exponential back-off, instead of per e-mail address and per address in fixed windows. Old counts are dropped: the
 * worst they give is a fresh start to a guesser who was locked out when the server was updated.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists login_throttle`.execute(db);
  await sql`create table if not exists sign_in_throttle (
    bucket varchar(64) primary key,
    failures integer not null,
    locked_until timestamptz,
    forget_at timestamptz not null
  )`.execute(db);
  await sql`create index if not exists sign_in_throttle_forget_at on sign_in_throttle (forget_at)`.execute(db);
}
