import { sql, type Kysely } from 'kysely';

/**
 * The work-order search index split by tab. Every list reads one tab, so a word is looked up among that tab's orders
 * only: a Scheduled search no longer walks the matches of years of history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists service_calls_search`.execute(db);
  await sql`create index if not exists service_calls_search_scheduled on service_calls using gin (search)
    where not is_history`.execute(db);
  await sql`create index if not exists service_calls_search_history on service_calls using gin (search)
    where is_history`.execute(db);
}
