import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DomainEventNotice } from '../db/events';
import {
  DOMAIN_EVENT_REPLAY_MAX,
  PUBLISHED_ENTITY_TYPES,
  type DomainEventCursorMessage,
  type DomainEventMessage,
  type PublishedEntityType,
} from '../../../contract/domainEvents';
import type { Connection } from './connection';

/** The message a page gets for a published event: what changed and its version, nothing of its content. */
export const domainEventMessage = (e: Omit<DomainEventNotice, 'customerId' | 'actorId'>): DomainEventMessage => ({
  type: 'domainEvent',
  id: e.id,
  entityType: e.entityType as PublishedEntityType,
  entityId: e.entityId,
  eventType: e.eventType,
});

/**
 * The answer to a hello: the customer's published events after `since` (oldest first), then the cursor. A page
 * more than DOMAIN_EVENT_REPLAY_MAX events behind gets only the cursor with `gap`, and re-reads what it shows; a
 * page without `since` (its first connection) gets only the cursor.
 */
export async function cursorAnswer(
  db: Kysely<Database>,
  customerId: number,
  since: number | undefined,
): Promise<Array<DomainEventMessage | DomainEventCursorMessage>> {
  const newest = await db
    .selectFrom('events')
    .select(['id', 'entity_type', 'entity_id', 'event_type'])
    .where('customer_id', '=', customerId)
    .where('entity_type', 'in', PUBLISHED_ENTITY_TYPES)
    .$if(since !== undefined, (q) => q.where('id', '>', String(since)))
    .orderBy('id', 'desc')
    .limit(since === undefined ? 1 : DOMAIN_EVENT_REPLAY_MAX + 1)
    .execute();
  const head = newest.length > 0 ? Number(newest[0]!.id) : (since ?? 0);
  if (since === undefined) return [{ type: 'domainEventCursor', id: head, gap: false }];
  if (newest.length > DOMAIN_EVENT_REPLAY_MAX) return [{ type: 'domainEventCursor', id: head, gap: true }];
  const missed = newest.reverse().map((row) =>
    domainEventMessage({
      id: Number(row.id),
      entityType: row.entity_type as PublishedEntityType,
      entityId: row.entity_id,
      eventType: row.event_type,
    }),
  );
  return [...missed, { type: 'domainEventCursor', id: head, gap: false }];
}

/** After the user switched customer, the connection follows its session to the new customer's events. */
export async function refreshCustomer(db: Kysely<Database>, connection: Connection): Promise<void> {
  const session = await db
    .selectFrom('sessions')
    .select('customer_id')
    .where('id', '=', connection.sessionId)
    .executeTakeFirst();
  if (session) connection.inbox = { ...connection.inbox, customerId: session.customer_id };
}
