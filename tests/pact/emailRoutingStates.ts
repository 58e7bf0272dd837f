import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { AccessCode } from '../../contract/permissions';
import { signInForState } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * E-mail routing states (tests/pact/emailRouting.pact.test.ts). 'e-mail routing to edit' signs in provider staff
 * `email` holding the routing code, gives Germany a routing of its own and answers the id of the Massachusetts region
 * (regionId), whose e-mails it empties.
 */
export function emailRoutingStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'e-mail routing to edit': async (params?: unknown) => {
      const { email } = params as { email: string };
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      await db
        .insertInto('user_access_codes')
        .values({ user_id: user.id, access_code: AccessCode.EmailRouting })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await db.deleteFrom('country_email_routing').where('country_code', '=', 'DE').execute();
      await db
        .insertInto('country_email_routing')
        .values({
          country_code: 'DE',
          admin_emails: 'de-service@provider.example',
          contract_change_emails: 'de-contracts@provider.example',
          contact_us_sales: '',
          contact_us_relocation: '',
          contact_us_technical_support: '',
        })
        .execute();
      const region = await db
        .updateTable('regions')
        .set({ admin_emails: '' })
        .where('country_code', '=', 'US')
        .where('code', '=', 'MA')
        .returning('id')
        .executeTakeFirstOrThrow();
      await signInForState(app, db, email, setJar);
      return { regionId: region.id };
    },
  };
}
