import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * How many matches our verification server counts exactly (its exactCountMax): low, so a state can make a list with
 * more matches than that without seeding the 10,000 of the default cap. The demo world's lists answer the same
 * interactions either way (their pacts match the total by type).
 */
export const VERIFY_EXACT_COUNT_MAX = 100;

/** The word of the work orders 'more work orders match a search than the list counts exactly' adds. */
export const CAPPED_WORK_ORDER_WORD = 'pactcapped';
const CAPPED_ORDER_PREFIX = 'SRPACTCAP';

/**
 * Work-order states (tests/pact/workOrders.pact.test.ts), on the demo world's service history. 'work orders exist'
 * signs the user in and returns equipmentId (an instrument of the user's customer with past calls and one in the
 * next 30 days), serviceOrderNo and serviceOrderId (a finished order of it with a report).
 */
export function workOrderStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'work orders exist': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const upcoming = await db
        .selectFrom('service_calls')
        .innerJoin('equipment', 'equipment.id', 'service_calls.equipment_id')
        .select('equipment.id')
        .where('service_calls.customer_id', '=', customerId)
        .where('equipment.is_hidden', '=', false)
        .where(sql<boolean>`service_calls.start_date between now() and now() + interval '29 days'`)
        .where('service_calls.is_history', '=', false)
        .orderBy('equipment.id')
        .executeTakeFirstOrThrow();
      const report = await db
        .selectFrom('service_calls')
        .select(['id', 'service_order_no'])
        .where('equipment_id', '=', upcoming.id)
        .where('report_available', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { equipmentId: upcoming.id, serviceOrderNo: report.service_order_no, serviceOrderId: report.id };
    },

    // The handler type of the pact library insists on a function; setup/teardown objects are its documented form.
    'more work orders match a search than the list counts exactly': {
      setup: async (params?: unknown) => {
        const { email } = params as { email: string };
        const customerId = await signInForState(app, db, email, setJar);
        await db.deleteFrom('service_calls').where('service_order_no', 'like', `${CAPPED_ORDER_PREFIX}%`).execute();
        const complete = new Date('2025-06-02T15:00:00.000Z');
        await db
          .insertInto('service_calls')
          .values(
            Array.from({ length: VERIFY_EXACT_COUNT_MAX + 20 }, (_, i) => ({
              customer_id: customerId,
              service_order_no: `${CAPPED_ORDER_PREFIX}${String(i).padStart(4, '0')}`,
              call_status: 'CLOSED',
              job_type: 'Calibration',
              mfg: 'Agilent',
              model: `1260 Infinity ${CAPPED_WORK_ORDER_WORD}`,
              date_time_call_received: new Date(complete.getTime() - 86_400_000),
              start_date: new Date(complete.getTime() - 3_600_000),
              date_time_call_complete: new Date(complete.getTime() - i * 60_000),
            })),
          )
          .execute();
        return undefined;
      },
      teardown: async () => {
        await db.deleteFrom('service_calls').where('service_order_no', 'like', `${CAPPED_ORDER_PREFIX}%`).execute();
        return undefined;
      },
    } as unknown as StateHandlers[string],
  };
}
