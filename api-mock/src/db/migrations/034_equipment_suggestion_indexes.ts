import { sql, type Kysely } from 'kysely';
import { COMMENTS_PREFIX, SUGGESTION_INDEXED_COLUMNS } from '../../equipment/fields';

/**
 * An index per customer and column for every other column a grid filters by a checklist (migration 011 has the
 * first fourteen), so the filter suggestions of any column step along an index from one distinct value to the next
 * instead of reading every instrument of the customer. Comments (up to 1,000 characters, more than a btree entry
 * holds) are indexed on their first characters. Low-cardinality and mostly empty columns make small indexes: a
 * btree keeps one entry per repeated value (deduplication).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SUGGESTION_INDEXED_COLUMNS) {
    await sql`create index if not exists ${sql.id(`equipment_customer_${column}`)}
      on equipment (customer_id, ${sql.id(column)})`.execute(db);
  }
  await sql`create index if not exists equipment_customer_comments
    on equipment (customer_id, left(comments, ${sql.lit(COMMENTS_PREFIX)}))`.execute(db);
}
