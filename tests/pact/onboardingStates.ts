import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { onboardingTemplate } from '../../api-mock/src/mail/onboardingText';
import { InvitationType } from '../../contract/invitations';
import { signedIn } from '../support/injectClient';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** The customer number the interactions invite for (Acme Labs). */
export const ONBOARDED_CUSTOMER_NO = '1000100';

/**
 * The provider state of tests/pact/onboarding.pact.test.ts: 'an onboarding invitation was sent' `{ email }` signs in
 * `email` (provider staff with the admin code) after an order invitation to Acme Labs was stored (made anew each
 * time); returns invitationId and locationId (Acme's first location).
 */
export function onboardingStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'an onboarding invitation was sent': async (params?: unknown) => {
      const { email } = params as { email: string };
      const customer = await db
        .selectFrom('customers')
        .innerJoin('locations', 'locations.customer_id', 'customers.id')
        .select(['customers.id', 'locations.id as location_id'])
        .where('customers.customer_identifier', '=', ONBOARDED_CUSTOMER_NO)
        .orderBy('locations.id')
        .executeTakeFirstOrThrow();
      const template = onboardingTemplate('en-us');
      const invitation = await db
        .insertInto('onboarding_invitations')
        .values({
          customer_id: customer.id,
          customer_no: ONBOARDED_CUSTOMER_NO,
          location_id: customer.location_id,
          email_to: 'pact.onboarding@newcomer.example',
          email_cc: '',
          email_bcc: email,
          order_number: 'PO-PACT-1',
          language: 'en-us',
          type: InvitationType.Order,
          subject: template.subject,
          description: template.description,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      setJar((await signedIn(app, email)).jar);
      return { invitationId: invitation.id, locationId: customer.location_id };
    },
  };
}
