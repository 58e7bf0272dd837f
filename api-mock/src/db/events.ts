import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';
import { PUBLISHED_ENTITY_TYPES, type PublishedEntityType } from '../../../contract/domainEvents';

export interface DomainEvent {
  customerId: number | null;
  actorId: number | null;
  entityType: string;
  entityId: string | number;
  eventType: string;
  payload: unknown;
}

/**
 * Notified with every published domain event once its transaction commits, whichever server process wrote it; the
 * hub passes it on to that customer's pages. A user's customer switch is notified too, for the hub's own use.
 */
export const DOMAIN_EVENT_CHANNEL = 'portal_domain_event';

/** What DOMAIN_EVENT_CHANNEL carries: ids only, never the event's payload. */
export interface DomainEventNotice {
  id: number;
  customerId: number;
  actorId: number | null;
  entityType: PublishedEntityType | 'user';
  entityId: string;
  eventType: string;
}

const isPublished = (entityType: string): entityType is PublishedEntityType =>
  (PUBLISHED_ENTITY_TYPES as readonly string[]).includes(entityType);

/** Append a domain event; call it with the transaction that makes the change. */
export async function appendEvent(trx: Transaction<Database> | Kysely<Database>, event: DomainEvent): Promise<void> {
  const { id } = await trx
    .insertInto('events')
    .values({
      customer_id: event.customerId,
      actor_id: event.actorId,
      entity_type: event.entityType,
      entity_id: String(event.entityId),
      event_type: event.eventType,
      payload: JSON.stringify(event.payload ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const switched = event.eventType === 'customer.switched';
  if (event.customerId === null || !(isPublished(event.entityType) || switched)) return;
  const notice: DomainEventNotice = {
    id: Number(id),
    customerId: event.customerId,
    actorId: event.actorId,
    entityType: switched ? 'user' : (event.entityType as PublishedEntityType),
    entityId: String(event.entityId).slice(0, 64),
    eventType: event.eventType.slice(0, 100),
  };
  // NOTIFY inside a transaction is delivered when it commits, and not at all when it rolls back.
  await sql`select pg_notify(${DOMAIN_EVENT_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
}

/** Run a change and its event in one transaction: both commit or neither does. */
export async function change<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<{ result: T; event: DomainEvent }>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const { result, event } = await work(trx);
    await appendEvent(trx, event);
    return result;
  });
}
