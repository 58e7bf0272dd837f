import { sql, type Kysely } from 'kysely';

/**
 * The audit history reads a record's events newest first: an instrument's or a reservation's own events, the events
 * of documents owned by an instrument or a work order, and the service requests raised for an instrument.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists events_entity_history on events (entity_type, entity_id, id)`.execute(db);
  await sql`create index if not exists events_document_owner
    on events ((payload->>'ownerType'), (payload->>'ownerId'), id) where entity_type = 'document'`.execute(db);
  await sql`create index if not exists events_service_call_equipment
    on events ((payload->>'equipmentId'), id) where entity_type = 'serviceCall'`.execute(db);
}
