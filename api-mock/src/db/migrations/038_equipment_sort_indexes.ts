import { sql, type Kysely } from 'kysely';
import { CUSTOMER_INDEXED_COLUMNS } from '../../equipment/fields';

/**
 * The per-customer column indexes (migrations 009, 011 and 034) hold blanks first, as a list sorts them (ascending
 * with nulls first, descending with nulls last, read backwards): a page sorted by a column then reads its rows along
 * the index instead of sorting every instrument of the list. The filter suggestions walk them the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of CUSTOMER_INDEXED_COLUMNS) {
    const name = sql.id(`equipment_customer_${column}`);
    await sql`drop index if exists ${name}`.execute(db);
    await sql`create index ${name} on equipment (customer_id, ${sql.id(column)} nulls first)`.execute(db);
  }
}
