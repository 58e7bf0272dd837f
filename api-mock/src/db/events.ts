import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';
import type { HistoryChange } from '../../../contract/history';
import { PUBLISHED_ENTITY_TYPES, type PublishedEntityType } from '../../../contract/domainEvents';

export interface DomainEvent {
  customerId: number | null;
  actorId: number | null;
  entityType: string;
  entityId: string | number;
  eventType: string;
  payload: unknown;
  /** The fields the change changed, with old and new values, for the audit history. */
  changes?: HistoryChange[];
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

const payloadOf = (event: DomainEvent) =>
  event.changes === undefined
    ? (event.payload ?? {})
    : { ...(event.payload as object | undefined), changes: event.changes };

/** Append domain events in one statement; call it with the transaction that makes the change. */
export async function appendEvents(trx: Transaction<Database> | Kysely<Database>, events: readonly DomainEvent[]) {
  if (events.length === 0) return;
  const rows = await trx
    .insertInto('events')
    .values(
      events.map((event) => ({
        customer_id: event.customerId,
        actor_id: event.actorId,
        entity_type: event.entityType,
        entity_id: String(event.entityId),
        event_type: event.eventType,
        payload: JSON.stringify(payloadOf(event)),
      })),
    )
    .returning('id')
    .execute();
  for (const [i, event] of events.entries()) {
    const switched = event.eventType === 'customer.switched';
    if (event.customerId === null || !(isPublished(event.entityType) || switched)) continue;
    const notice: DomainEventNotice = {
      id: Number(rows[i]!.id),
      customerId: event.customerId,
      actorId: event.actorId,
      entityType: switched ? 'user' : (event.entityType as PublishedEntityType),
      entityId: String(event.entityId).slice(0, 64),
      eventType: event.eventType.slice(0, 100),
    };
    // NOTIFY inside a transaction is delivered when it commits, and not at all when it rolls back.
    await sql`select pg_notify(${DOMAIN_EVENT_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
  }
}

/** Append a domain event; call it with the transaction that makes the change. */
export const appendEvent = (trx: Transaction<Database> | Kysely<Database>, event: DomainEvent) =>
  appendEvents(trx, [event]);

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
