import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** The kind of work the state's intervals are of (calibration). */
const CALIBRATION = 9;
/** The fixed due date of the calendar interaction: far ahead, on an instrument with no work orders of the kind. */
export const CALENDAR_DUE_DATE = '2035-06-05';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const yearBefore = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

/**
 * Due-date states (tests/pact/dueDates.pact.test.ts). 'instruments have due dates' signs the user in and gives two
 * visible instruments of the customer without calibration work orders a yearly calibration: one due in five days
 * (the welcome page's list), one due on CALENDAR_DUE_DATE (returned as equipmentId, for the calendar).
 */
export function dueDatesStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'instruments have due dates': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const [soon, later] = await db
        .selectFrom('equipment')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('is_hidden', '=', false)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('service_calls')
                .select(sql`1`.as('one'))
                .whereRef('service_calls.equipment_id', '=', 'equipment.id')
                .where('service_calls.service_call_type', '=', CALIBRATION),
            ),
          ),
        )
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      const dueIn5Days = dayOf(new Date(Date.now() + 5 * 86_400_000));
      for (const [equipment, due] of [
        [soon!, dueIn5Days],
        [later!, CALENDAR_DUE_DATE],
      ] as const) {
        await db
          .updateTable('equipment')
          .set({ inst_date: yearBefore(due) })
          .where('id', '=', equipment.id)
          .execute();
        await db
          .insertInto('service_intervals')
          .values({
            equipment_id: equipment.id,
            service_call_type: CALIBRATION,
            customer_id: customerId,
            interval_months: 12,
          })
          .onConflict((oc) => oc.columns(['equipment_id', 'service_call_type']).doUpdateSet({ interval_months: 12 }))
          .execute();
      }
      return { equipmentId: later!.id };
    },
  };
}
