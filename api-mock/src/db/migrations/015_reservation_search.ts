import { sql, type Kysely } from 'kysely';

/**
 * What a reservation search needs to answer from indexes: the words of the comments (a generated tsvector, matched
 * by prefix as the equipment search is), and the few hidden instruments of a customer, which a search leaves out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reservations add column search tsvector
    generated always as (to_tsvector('simple', coalesce(comments, ''))) stored`.execute(db);
  await sql`create index reservations_search on reservations using gin (search)`.execute(db);
  await sql`create index equipment_customer_hidden on equipment (customer_id) where is_hidden`.execute(db);
}
