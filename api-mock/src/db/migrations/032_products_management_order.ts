import { sql, type Kysely } from 'kysely';

/**
 * The products-management grid opens on a customer's equipment in its default order, the latest customer change
 * first and then serial (spec 3 section 7): one index walks that order, so the first pages are read, not sorted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists equipment_customer_changed on equipment
    (customer_id, changed_on_cust desc nulls last, serial asc nulls first, id)`.execute(db);
}
