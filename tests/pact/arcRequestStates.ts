import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { ContactMethod, USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * View ARC requests states (tests/pact/arcRequests.pact.test.ts). 'an instrument with contract change requests'
 * signs the user in and gives the first visible instrument of the user's customer that has a contract exactly two
 * change requests by the customer's manager, every field filled, the newer one in progress; it returns equipmentId.
 */
export function arcRequestStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'an instrument with contract change requests': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const { id: equipmentId } = await db
        .selectFrom('equipment')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('is_hidden', '=', false)
        .where('data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const manager = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'manager@acme-labs.example')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('contract_change_requests').where('equipment_id', '=', equipmentId).execute();
      const form = (comments: string) =>
        JSON.stringify({
          equipmentId,
          firstName: 'Mark',
          lastName: 'Manager',
          emailAddress: 'manager@acme-labs.example',
          telephone: '+1 617 555 0100',
          contactMethod: ContactMethod.ByEmail,
          comments,
          interestedIn: 'Gold',
          additionalSolutionsFor: 'Column ovens',
        });
      // One after the other, so the in-progress one is the newer.
      for (const [status, comments] of [
        ['SUBMITTED', 'Please quote a Gold plan.'],
        ['IN_PROGRESS', 'Add weekend coverage.'],
      ] as const) {
        await db
          .insertInto('contract_change_requests')
          .values({
            customer_id: customerId,
            equipment_id: equipmentId,
            user_id: manager.id,
            status,
            payload: form(comments),
          })
          .execute();
      }
      return { equipmentId };
    },
  };
}
