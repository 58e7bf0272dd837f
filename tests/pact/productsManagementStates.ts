import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { signedIn } from '../support/injectClient';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

const firstEquipmentOf = async (db: Kysely<Database>, customer: string, offset: number) => {
  const row = await db
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select('equipment.id')
    .where('customers.name', 'like', `${customer}%`)
    .orderBy('equipment.id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
};

/**
 * Products-management states (tests/pact/productsManagement.pact.test.ts). 'a PE user switched to a customer with
 * products' signs the PE user `email` in and switches them to Acme Labs; returns firstId and secondId (equipment of
 * Acme Labs) and foreignId (equipment of Globex). It changes no data, so other interactions see the world as seeded.
 */
export function productsManagementStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'a PE user switched to a customer with products': async (params?: unknown) => {
      const { email } = params as { email: string };
      const agent = await signedIn(app, email);
      const acme = await db
        .selectFrom('customers')
        .select('id')
        .where('name', 'like', 'Acme Labs%')
        .executeTakeFirstOrThrow();
      const switched = await agent.client.customers.switchCustomer({ params: { customerId: acme.id }, body: {} });
      if (switched.status !== 200) throw new Error(`the PE user could not switch: ${JSON.stringify(switched.body)}`);
      setJar(agent.jar);
      const [firstId, secondId, foreignId] = await Promise.all([
        firstEquipmentOf(db, 'Acme Labs', 0),
        firstEquipmentOf(db, 'Acme Labs', 1),
        firstEquipmentOf(db, 'Globex', 0),
      ]);
      return { firstId, secondId, foreignId };
    },
  };
}
