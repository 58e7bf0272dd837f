import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { newLabelCode } from '../../api-mock/src/labels/queries';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * QR-label states (tests/pact/qrLabels.pact.test.ts). 'an instrument with a label code exists' signs the user in and
 * returns equipmentId (the customer's first visible instrument) and code (its label code, given on first use).
 */
export function qrLabelStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'an instrument with a label code exists': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customerId = await signInForState(app, db, email, setJar);
      const { id } = await db
        .selectFrom('equipment')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('is_hidden', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('equipment_labels')
        .values({ equipment_id: id, code: newLabelCode() })
        .onConflict((oc) => oc.column('equipment_id').doNothing())
        .execute();
      const { code } = await db
        .selectFrom('equipment_labels')
        .select('code')
        .where('equipment_id', '=', id)
        .executeTakeFirstOrThrow();
      return { equipmentId: id, code };
    },
  };
}
