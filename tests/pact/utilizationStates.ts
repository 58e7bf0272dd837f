import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * Utilization states (tests/pact/utilization.pact.test.ts). 'a monitored instrument exists' signs the user in (of a
 * customer with an asset-monitoring site) and returns equipmentId, systemId and customerId of the first connected
 * monitored instrument of the demo world.
 */
export function utilizationStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'a monitored instrument exists': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const instrument = await db
        .selectFrom('asset_monitors as m')
        .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
        .select(['e.id', 'e.system_id'])
        .where('m.customer_id', '=', customerId)
        .where('m.status', '=', 'monitored')
        .where('m.conn_status', '=', 'Connected')
        .orderBy('e.id')
        .executeTakeFirstOrThrow();
      return { equipmentId: instrument.id, systemId: instrument.system_id, customerId };
    },
  };
}
