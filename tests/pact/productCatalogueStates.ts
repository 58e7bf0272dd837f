import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { catalogueFile, generatedEntries, uploadCatalogue } from '../support/catalogueFiles';
import { signedIn } from '../support/injectClient';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** The catalogue row of the pact's own, so no other interaction sees what its edits change. */
export const PACT_PART_NUMBER = 'PACT-CAT-0001';

/**
 * Product catalogue states (tests/pact/productCatalogue.pact.test.ts). 'a catalogue administrator is signed in'
 * signs in provider staff holding the admin code and makes sure the pact's own catalogue row exists (returns
 * partNumber); 'a catalogue file is uploaded' also uploads a catalogue file of two products, not yet imported
 * (returns resourceKey and bucketName).
 */
export function productCatalogueStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  const signIn = async (email: string) => {
    await db
      .insertInto('product_market_info')
      .values({ part_number: PACT_PART_NUMBER, brand_name: 'Pact Instruments', model_name: 'PI-1' })
      .onConflict((oc) => oc.column('part_number').doNothing())
      .execute();
    const agent = await signedIn(app, email);
    setJar(agent.jar);
    return agent;
  };
  return {
    'a catalogue administrator is signed in': async (params?: unknown) => {
      await signIn((params as { email: string }).email);
      return { partNumber: PACT_PART_NUMBER };
    },
    'a catalogue file is uploaded': async (params?: unknown) => {
      const agent = await signIn((params as { email: string }).email);
      const file = await uploadCatalogue(app, agent.client, await catalogueFile(generatedEntries(2, 'PACTIMP')));
      return { ...file, partNumber: PACT_PART_NUMBER };
    },
  };
}
