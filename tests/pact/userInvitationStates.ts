import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { ROLE } from '../../contract/limits';
import { injectClient, signedIn } from '../support/injectClient';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** The inviting admin of every state here. */
const INVITER = 'admin@acme-labs.example';

/**
 * The provider states of tests/pact/userInvitations.pact.test.ts.
 * - 'an address can be invited' `{ email, invitee }`: `email` signed in, no account for `invitee` (an earlier
 *   interaction's is removed); returns locationId, the first location of the user's customer.
 * - 'an invitation link was mailed' `{ invitee }`: the admin of Acme Labs has invited `invitee` (made anew) and the
 *   browser is signed out; returns token, the secret of the mailed link.
 */
export function userInvitationStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  const removeAccount = (email: string) =>
    db
      .deleteFrom('users')
      .where(({ fn }) => fn('lower', ['email']), '=', email.toLowerCase())
      .execute();
  const firstLocationOf = async (email: string) => {
    const user = await db
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const location = await db
      .selectFrom('locations')
      .select('id')
      .where('customer_id', '=', user.customer_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return location.id;
  };

  return {
    'an address can be invited': async (params?: unknown) => {
      const { email, invitee } = params as { email: string; invitee: string };
      await removeAccount(invitee);
      setJar((await signedIn(app, email)).jar);
      return { locationId: await firstLocationOf(email) };
    },
    'an invitation link was mailed': async (params?: unknown) => {
      const { invitee } = params as { invitee: string };
      await removeAccount(invitee);
      const admin = await signedIn(app, INVITER);
      const res = await admin.client.accountManagement.inviteUser({
        body: {
          emailTo: [invitee],
          locationId: await firstLocationOf(INVITER),
          roleId: ROLE.StandardUser,
          type: 1,
          language: 'en-us',
        },
      });
      if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`invitation failed: ${JSON.stringify(res)}`);
      const mail = await db
        .selectFrom('mail_outbox')
        .select('body')
        .where('to_addresses', '=', invitee)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const token = mail.body.match(/#token=([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error('no link in the invitation mail');
      const browser = injectClient(app);
      await browser.client.users.me();
      setJar(browser.jar);
      return { token };
    },
  };
}
