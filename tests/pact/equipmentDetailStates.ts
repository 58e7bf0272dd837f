import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * Detail-page states (tests/pact/equipmentDetail.pact.test.ts). 'an instrument in a system exists' signs the user in
 * and gives the first three visible instruments of the user's customer one system id; it returns equipmentId, the
 * first of them, with EHS data set.
 */
export function equipmentDetailStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'an instrument in a system exists': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const ids = (
        await db
          .selectFrom('equipment')
          .select('id')
          .where('customer_id', '=', customerId)
          .where('is_hidden', '=', false)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((r) => r.id);
      await db.updateTable('equipment').set({ system_id: 'SYS-PACT-1' }).where('id', 'in', ids).execute();
      await db
        .updateTable('equipment')
        .set({ machine_guarding: 'fixedGuard', locked: true, ehs_last_changed_by: 'Uma Standard' })
        .where('id', '=', ids[0]!)
        .execute();
      return { equipmentId: ids[0] };
    },
  };
}
