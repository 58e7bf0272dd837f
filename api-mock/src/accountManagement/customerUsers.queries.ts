import { sql, type Kysely } from 'kysely';
import { AUTOCOMPLETE_COUNT } from '../../../contract/limits';
import type { Database } from '../db/schema';

/** Active users of a customer whose e-mail or name (either order) is like the pattern, by name. */
export function findCustomerUsers(db: Kysely<Database>, customerId: number, pattern: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('customer_id', '=', customerId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
        eb(sql<string>`last_name || ' ' || first_name`, 'ilike', pattern),
      ]),
    )
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .limit(AUTOCOMPLETE_COUNT)
    .execute();
}
