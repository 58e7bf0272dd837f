import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import { USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** The serial of the user-added instrument the state keeps for the contract-PDF refusal. */
const USER_ADDED_SERIAL = 'PACT-CONTRACT-PDF';

/**
 * Contract-PDF states (tests/pact/contractPdf.pact.test.ts). 'an instrument with a contract exists' signs the user in
 * and returns equipmentId (the customer's first visible provider instrument with a contract), contractId (the number
 * of its latest contract) and userAddedId (an instrument the customer added, made on first use).
 */
export function contractPdfStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'an instrument with a contract exists': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const latest = await db
        .selectFrom('equipment')
        .innerJoin('equipment_contracts', 'equipment_contracts.equipment_id', 'equipment.id')
        .innerJoin('contracts', 'contracts.id', 'equipment_contracts.contract_id')
        .select(['equipment.id', 'contracts.vendor_contract_id'])
        .where('equipment.customer_id', '=', customerId)
        .where('contracts.customer_id', '=', customerId)
        .where('equipment.is_hidden', '=', false)
        .where('equipment.data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
        .orderBy('equipment.id')
        .orderBy('contracts.contract_expiry', 'desc')
        .orderBy('contracts.effective_date', 'desc')
        .orderBy('contracts.id', 'desc')
        .executeTakeFirstOrThrow();
      const existing = await db
        .selectFrom('equipment')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('serial', '=', USER_ADDED_SERIAL)
        .executeTakeFirst();
      const userAdded =
        existing ??
        (await db
          .insertInto('equipment')
          .values({
            customer_id: customerId,
            location_id: (
              await db
                .selectFrom('equipment')
                .select('location_id')
                .where('id', '=', latest.id)
                .executeTakeFirstOrThrow()
            ).location_id,
            mfg: 'Acme',
            model: 'Bench scale',
            serial: USER_ADDED_SERIAL,
            data_source_id: USER_ADDED_DATA_SOURCE_ID,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      return { equipmentId: latest.id, contractId: latest.vendor_contract_id, userAddedId: userAdded.id };
    },
  };
}
