import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit windows in the database, so several server processes on one PostgreSQL count a caller's calls
 * together. Unlogged: a count lost in a crash only gives a caller a fresh window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table if not exists rate_limit_counts (
    key text primary key,
    hits integer not null,
    window_ends_at timestamptz not null
  )`.execute(db);
}
