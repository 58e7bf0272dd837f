import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { ContactRequestsTable, Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The name, address and site of a signed-in user, for the provider's mail. */
export const userForMail = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'location_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

export const customerNameOf = async (db: Db, customerId: number) =>
  (await db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirstOrThrow()).name;

/**
 * Which of the addresses (in lower case) are the user's own or an active user's of the customer, in lower case.
 */
export async function colleagueAddresses(
  db: Db,
  of: { userId: number; customerId: number },
  lowered: readonly string[],
): Promise<Set<string>> {
  const known = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(sql<string>`lower(email)`, 'in', lowered)
    .where((eb) =>
      eb.or([
        eb('id', '=', of.userId),
        eb.and([eb('customer_id', '=', of.customerId), eb('is_active', '=', true), eb('deleted_at', 'is', null)]),
      ]),
    )
    .execute();
  return new Set(known.map((k) => k.email));
}

/** Stores a feedback or contact request; answers its id. */
export const insertContactRequest = async (trx: Db, values: Insertable<ContactRequestsTable>) =>
  (await trx.insertInto('contact_requests').values(values).returning('id').executeTakeFirstOrThrow()).id;
