import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { AccessCode } from '../../contract/permissions';
import { signInForState, stateUser } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

const PACT_CONTRACT = 'C900000001';

/** A user of the contract states' own, in the customer of user@acme-labs.example. */
export const NO_CONTRACT_ACCESS_USER = 'no-contract-access@acme-labs.example';

/**
 * Contract-management states (tests/pact/contracts.pact.test.ts). 'billed warranty contracts exist' signs the user
 * in and makes sure the user's customer has a billed warranty contract with a PO number that started by the end of
 * 2026 (the filter of the interaction), so the page the pact expects is not empty. 'a user without contract
 * management' signs in a user of its own whose contract-management access code was taken away.
 */
export function contractStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'billed warranty contracts exist': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      await db
        .deleteFrom('contracts')
        .where('customer_id', '=', customerId)
        .where('vendor_contract_id', '=', PACT_CONTRACT)
        .execute();
      await db
        .insertInto('contracts')
        .values({
          customer_id: customerId,
          vendor_contract_id: PACT_CONTRACT,
          po_number: 'PO-9000001',
          contract_type: 'ZCEW',
          description: 'Warranty',
          effective_date: '2026-01-01',
          contract_expiry: '2026-12-31',
          billing_status: 'PAID',
          billing_date: '2026-01-15',
          is_pe_contract: true,
          created_time: new Date('2025-12-01T10:00:00Z'),
        })
        .execute();
      return undefined;
    },
    'a user without contract management': async () => {
      await stateUser(
        db,
        NO_CONTRACT_ACCESS_USER,
        { firstName: 'Nico', lastName: 'Contractless', officePhone: null },
        { is_active: true },
      );
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', NO_CONTRACT_ACCESS_USER)
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('user_access_codes')
        .where('user_id', '=', user.id)
        .where('access_code', '=', AccessCode.ContractManagement)
        .execute();
      await signInForState(app, db, NO_CONTRACT_ACCESS_USER, setJar);
      return undefined;
    },
  };
}
