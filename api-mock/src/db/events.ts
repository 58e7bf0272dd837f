import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

export interface DomainEvent {
  customerId: number | null;
  actorId: number | null;
  entityType: string;
  entityId: string | number;
  eventType: string;
  payload: unknown;
}

/** Append a domain event; call it with the transaction that makes the change. */
export async function appendEvent(trx: Transaction<Database> | Kysely<Database>, event: DomainEvent): Promise<void> {
  await trx
    .insertInto('events')
    .values({
      customer_id: event.customerId,
      actor_id: event.actorId,
      entity_type: event.entityType,
      entity_id: String(event.entityId),
      event_type: event.eventType,
      payload: JSON.stringify(event.payload ?? {}),
    })
    .execute();
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
