import { sql, type Kysely } from 'kysely';

/**
 * A page that reconnects to the hub asks for the customer's published events after the last one it saw: this index
 * answers that from the newest end in at most the replay bound's rows, whatever else the log holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists events_published on events (customer_id, id)
    where entity_type in ('equipment', 'document', 'reservation', 'serviceCall')`.execute(db);
}
