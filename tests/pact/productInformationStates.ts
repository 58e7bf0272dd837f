import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * Product information states (tests/pact/productInformation.pact.test.ts). 'an instrument with product information
 * exists' signs the user in and returns equipmentId, the first visible instrument of the user's customer whose
 * make and model the demo catalogue holds (its product page is the portal's own demo product site).
 */
export function productInformationStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'an instrument with product information exists': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const instrument = await db
        .selectFrom('equipment')
        .innerJoin('product_market_info as p', (join) =>
          join.onRef('p.brand_name', '=', 'equipment.mfg').onRef('p.model_name', '=', 'equipment.model'),
        )
        .select('equipment.id')
        .where('equipment.customer_id', '=', customerId)
        .where('equipment.is_hidden', '=', false)
        .orderBy('equipment.id')
        .executeTakeFirstOrThrow();
      return { equipmentId: instrument.id };
    },
  };
}
