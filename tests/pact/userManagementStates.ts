import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import { ROLE } from '../../contract/limits';
import type { Database } from '../../api-mock/src/db/schema';
import { signInForState, stateUser } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/** The colleagues the user-management interactions edit, enable and remove: no other interaction sees them. */
const COLLEAGUES = {
  edited: { email: 'pact-colleague@acme-labs.example', firstName: 'Pat', lastName: 'Colleague' },
  inactive: { email: 'pact-inactive@acme-labs.example', firstName: 'Ina', lastName: 'Inactive' },
  removed: { email: 'pact-removed@acme-labs.example', firstName: 'Rey', lastName: 'Removed' },
} as const;
export type ColleagueKind = keyof typeof COLLEAGUES;

/**
 * User-management states (tests/pact/userManagement.pact.test.ts). 'a colleague to manage' signs `email` in and
 * (re)makes the colleague of `kind`: a standard user of the same customer and location, active and not removed,
 * except that the inactive one is disabled. Returns userId.
 */
export function userManagementStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'a colleague to manage': async (params?: unknown) => {
      const { email, kind } = params as { email: string; kind: ColleagueKind };
      const colleague = COLLEAGUES[kind];
      await stateUser(
        db,
        colleague.email,
        { firstName: colleague.firstName, lastName: colleague.lastName, officePhone: '+1 617 555 0100' },
        {
          first_name: colleague.firstName,
          last_name: colleague.lastName,
          role: ROLE.StandardUser,
          is_active: kind !== 'inactive',
          deleted_at: null,
        },
      );
      if (kind === 'inactive') {
        await db.updateTable('users').set({ is_active: false }).where('email', '=', colleague.email).execute();
      }
      await signInForState(app, db, email, setJar);
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', colleague.email)
        .executeTakeFirstOrThrow();
      return { userId: user.id };
    },
  };
}
