import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import type { CalendarFeed } from '../../contract/calendarFeed';
import { signedIn } from '../support/injectClient';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * Calendar feed states (tests/pact/calendarFeed.pact.test.ts): the user signed in, with or without a feed address;
 * with one, the state answers its token.
 */
export function calendarFeedStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  const signIn = async (email: string) => {
    const agent = await signedIn(app, email);
    setJar(agent.jar);
    return agent.client;
  };
  return {
    'a signed-in user without a calendar feed': async (params?: unknown) => {
      const { email } = params as { email: string };
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      await db.deleteFrom('calendar_feeds').where('user_id', '=', user.id).execute();
      await signIn(email);
      return undefined;
    },
    /** Answers the address's token, for the feed's path. */
    'a signed-in user with a calendar feed': async (params?: unknown) => {
      const { email } = params as { email: string };
      const res = await (await signIn(email)).calendarFeed.create({ body: { regenerate: false } });
      const url = (res.body as { result: CalendarFeed }).result.feed!.url!;
      return { token: url.split('/').at(-2)! };
    },
  };
}
