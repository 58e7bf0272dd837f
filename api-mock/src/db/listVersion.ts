import { sql, type Kysely } from 'kysely';
import { PUBLISHED_ENTITY_TYPES } from '../../../contract/domainEvents';
import type { Database } from './schema';

/*
 * A list's version for its count cache: a value that changes when the list's rows may have changed, read from the
 * event log every change writes to, through one index entry. A change that wrote no event (a seed) is seen once the
 * cached count's 60 s have passed.
 */

/**
 * The customer's latest published event (an instrument, document, reservation or service call changed), the first
 * entry of the index events_published (migration 043). Work orders are raised with a serviceCall event and
 * contracts change with the instrument they are linked to.
 */
export async function publishedEventVersion(db: Kysely<Database>, customerId: number): Promise<string | null> {
  const last = await db
    .selectFrom('events')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('entity_type', 'in', PUBLISHED_ENTITY_TYPES)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last ? String(last.id) : null;
}

/**
 * The time of the customer's latest event of any kind (user events are not published: a sign-in, an invitation, a
 * profile edit), the last entry of the index events_customer_time; for every customer (null), the log's latest id.
 */
export async function customerEventVersion(db: Kysely<Database>, customerId: number | null): Promise<string | null> {
  if (customerId === null) {
    const last = await db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return last ? String(last.id) : null;
  }
  const last = await db
    .selectFrom('events')
    .select(sql<string>`time::text`.as('time'))
    .where('customer_id', '=', customerId)
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.time ?? null;
}
