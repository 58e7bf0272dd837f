import { sql, type Kysely } from 'kysely';

const SKIP_SCAN_COLUMNS = [
  'mfg',
  'model',
  'dtype',
  'system_id',
  'system_nick_name',
  'pki_tag',
  'building',
  'floor',
  'room',
  'department',
  'contact_name',
  'cost_center',
  'classification',
  'status',
];

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
