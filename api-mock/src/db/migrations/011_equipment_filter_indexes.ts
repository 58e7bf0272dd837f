import { sql, type Kysely } from 'kysely';
import { SKIP_SCAN_COLUMNS } from '../../equipment/fields';

/**
 * One index per customer and column for the columns a grid filters most, so the filter suggestions of a column
 * step from one distinct value to the next along the index instead of reading every instrument.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SKIP_SCAN_COLUMNS) {
    await sql`create index ${sql.id(`equipment_customer_${column}`)} on equipment (customer_id, ${sql.id(column)})`.execute(
      db,
    );
  }
}
