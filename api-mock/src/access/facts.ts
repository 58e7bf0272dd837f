import type { Kysely } from 'kysely';
import { needs, type Access, type CallerFacts } from '../../../contract/access';
import type { RoleId } from '../../../contract/limits';
import { accessCodesOf, privilegesOf } from '../auth/privileges';
import type { SessionRecord } from '../auth/sessions';
import type { Database } from '../db/schema';

/**
 * What `decide` needs to know of a session's user for an access, where there is no HTTP request to enforce it on
 * (the hub's jobs); null when the user is gone.
 */
export async function callerFactsOf(
  db: Kysely<Database>,
  session: Pick<SessionRecord, 'userId' | 'customerId'>,
  access: Access,
): Promise<CallerFacts | null> {
  const user = await db
    .selectFrom('users')
    .select(['role', 'is_pe_user'])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!user) return null;
  return factsOf(db, { ...session, role: user.role as RoleId, isPEUser: user.is_pe_user }, needs(access, false));
}

/** The facts `decide` needs of a caller whose role is known: access codes and privileges only when wanted. */
export async function factsOf(
  db: Kysely<Database>,
  caller: Pick<SessionRecord, 'userId' | 'customerId'> & Pick<CallerFacts, 'role' | 'isPEUser'>,
  wanted: ReturnType<typeof needs>,
): Promise<CallerFacts> {
  const [accessCodes, privileges] = await Promise.all([
    wanted.accessCodes ? accessCodesOf(db, caller.userId) : [],
    wanted.privileges ? privilegesOf(db, caller.userId, caller.customerId) : [],
  ]);
  return { role: caller.role, isPEUser: caller.isPEUser, accessCodes, privileges };
}
