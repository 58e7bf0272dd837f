import { initServer } from '@ts-rest/fastify';
import { usageContract } from '../../../contract/usage';
import type { AppDeps } from '../deps';
import { requireSession } from '../auth/context';
import { ok } from '../lib/envelope';

const s = initServer();

/** Usage events are measurements, not changes of the customer's data: they go to their own table, not to events. */
export function usageRouter({ db }: AppDeps) {
  return s.router(usageContract, {
    record: async ({ request, body }) => {
      const session = await requireSession(db, request);
      await db
        .insertInto('usage_events')
        .values(
          body.events.map((e) => ({
            customer_id: session.customerId,
            user_id: session.userId,
            type: e.type,
            path: e.path,
            time: e.time,
          })),
        )
        .execute();
      return ok({ recorded: body.events.length });
    },
  });
}
