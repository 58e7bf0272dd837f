import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The storage identity of a customer: its encrypted id, which names its folder in every bucket. */
export async function storageIdentityOf(db: Kysely<Database>, customerId: number): Promise<string> {
  const customer = await db
    .selectFrom('customers')
    .select('encrypted_id')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return customer.encrypted_id;
}
