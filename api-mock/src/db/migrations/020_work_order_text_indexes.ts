import { sql, type Kysely } from 'kysely';
import { LONG_TEXT_PREFIX, WORK_ORDER_PREFIX_INDEXED_COLUMNS } from '../../serviceCalls/fields';

/**
 * The long free texts of a work order (problem, solution, description) indexed per customer and tab on their first
 * LONG_TEXT_PREFIX characters: a whole value can be too long for a btree entry. Their filter suggestions walk it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of WORK_ORDER_PREFIX_INDEXED_COLUMNS) {
    await sql`create index ${sql.id(`service_calls_filter_${column}_prefix`)}
      on service_calls (customer_id, is_history, left(${sql.id(column)}, ${sql.lit(LONG_TEXT_PREFIX)}))`.execute(db);
  }
}
