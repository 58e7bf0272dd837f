import { sql, type Kysely } from 'kysely';

/**
 * The narrow search index's order of text values (issue 36, SEARCH_URL): each numbered value also gets a rank, a
 * 32-bit number that keeps its column's values of a customer in the database's order (their bytes), so the index
 * sorts by a number instead of reading each match's text. Ranks are given with gaps; a value that finds none moves its
 * neighbours apart (and their instruments are sent to the index again). A value without a rank is not yet placed.
 * The primary key finds a value's neighbours: after a fill every value is placed, so a walk skips none but the few
 * of the batch being placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_value_ids add column rank bigint`.execute(db);
}
