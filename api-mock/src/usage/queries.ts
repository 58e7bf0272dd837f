import type { Kysely } from 'kysely';
import type { UsageEvent } from '../../../contract/usage';
import type { SessionRecord } from '../auth/sessions';
import type { Database } from '../db/schema';

/** Usage events are measurements, not changes of the customer's data: they go to their own table, not to events. */
export async function recordUsage(db: Kysely<Database>, session: SessionRecord, events: readonly UsageEvent[]) {
  await db
    .insertInto('usage_events')
    .values(
      events.map((e) => ({
        customer_id: session.customerId,
        user_id: session.userId,
        type: e.type,
        path: e.path,
        time: e.time,
      })),
    )
    .execute();
}
