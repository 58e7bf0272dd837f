import { sql, type Kysely } from 'kysely';
import { WORK_ORDER_INDEXED_COLUMNS } from '../../serviceCalls/fields';

/**
 * One index per customer, tab and column of the work-order grid (but the long free texts), so the filter
 * suggestions of a column step from one distinct value to the next along the index instead of reading every order
 * of the customer. Duplicates are stored once (btree deduplication), so the many columns of few values stay small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of WORK_ORDER_INDEXED_COLUMNS) {
    await sql`create index ${sql.id(`service_calls_filter_${column}`)}
      on service_calls (customer_id, is_history, ${sql.id(column)})`.execute(db);
  }
}
