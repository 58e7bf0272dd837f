import type { Kysely } from 'kysely';
import { needs, type Access, type CallerFacts } from '../../../contract/access';
import type { RoleId } from '../../../contract/limits';
import { accessCodesOf, privilegesOf } from '../auth/privileges';
import type { SessionRecord } from '../auth/sessions';
import type { Database } from '../db/schema';

/** The role and provider status of a user, or null when the user is gone. */
export async function roleOf(
  db: Kysely<Database>,
  userId: number,
): Promise<Pick<CallerFacts, 'role' | 'isPEUser'> | null> {
  const user = await db.selectFrom('users').select(['role', 'is_pe_user']).where('id', '=', userId).executeTakeFirst();
  return user ? { role: user.role as RoleId, isPEUser: user.is_pe_user } : null;
}

/**
 * What `decide` needs to know of a session's user for an access, where no route's guard resolved it (the hub, admin
 * mode's check of every path); null when the user is gone.
 */
export async function callerFactsOf(
  db: Kysely<Database>,
  session: Pick<SessionRecord, 'userId' | 'customerId'>,
  access: Access,
  adminMode = false,
): Promise<CallerFacts | null> {
  const role = await roleOf(db, session.userId);
  return role && factsOf(db, { ...session, ...role }, needs(access, adminMode));
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
