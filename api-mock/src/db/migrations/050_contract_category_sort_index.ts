import { sql, type Kysely } from 'kysely';

/**
 * Sorting by contract category also sorts by contract status inside each category (spec 1 section 5): the
 * category's per-customer index gains the status before the id, so such a page is still read along one index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists equipment_customer_contract_category`.execute(db);
  await sql`create index equipment_customer_contract_category on equipment
    (customer_id, contract_category nulls first, status nulls first, id)`.execute(db);
}
