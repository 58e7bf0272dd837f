import { sql, type Kysely } from 'kysely';

/**
 * The narrow search index's numbers for text values (issue 36, SEARCH_URL): each value of a column of a customer's
 * instruments gets a number when the index is first told of it, and the index filters by that number, 32 bits where a
 * key of the text would take 64. A number is never given to two values, so a filter by it is exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_value_ids (
    customer_id integer not null references customers (id) on delete cascade,
    column_name text not null,
    value text not null,
    id integer generated always as identity,
    primary key (customer_id, column_name, value))`.execute(db);
}
