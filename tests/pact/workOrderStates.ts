import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * Work-order states (tests/pact/workOrders.pact.test.ts), on the demo world's service history. 'work orders exist'
 * signs the user in and returns equipmentId (an instrument of the user's customer with past calls and one in the
 * next 30 days) and serviceOrderNo (a finished order of it with a report).
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
        .select('service_order_no')
        .where('equipment_id', '=', upcoming.id)
        .where('report_available', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { equipmentId: upcoming.id, serviceOrderNo: report.service_order_no };
    },
  };
}
