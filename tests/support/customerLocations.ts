import type { Kysely } from 'kysely';
import type { Database } from '../../api-mock/src/db/schema';

/** The first location (by id) of the customer with this customer number. */
export async function firstLocationOf(db: Kysely<Database>, customerNo: string): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .innerJoin('customers', 'customers.id', 'locations.customer_id')
    .select('locations.id')
    .where('customers.customer_identifier', '=', customerNo)
    .orderBy('locations.id')
    .executeTakeFirstOrThrow();
  return row.id;
}
