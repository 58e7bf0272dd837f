import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canManageOtherUsers } from '../../../contract/accountManagement';
import type { RoleId } from '../../../contract/limits';
import { AccessCode } from '../../../contract/permissions';
import type { Database } from '../db/schema';
import { forbidden, HttpProblem } from '../lib/problem';
import type { Actor } from '../auth/actor';
import { inAdminMode } from '../auth/adminMode';
import { holdsAccessCode } from '../auth/privileges';

/**
 * Whose users a caller manages: in admin mode every customer's (the app has checked the admin access code), else
 * the current customer's, for holders of the user-management access code (403 otherwise).
 */
export async function userManagementScope(
  db: Kysely<Database>,
  request: FastifyRequest,
  actor: Actor,
): Promise<{ customerId: number | null }> {
  if (inAdminMode(request)) return { customerId: null };
  if (!(await holdsAccessCode(db, actor.userId, AccessCode.UserManagement))) {
    throw forbidden('Needs the user-management access code');
  }
  return { customerId: actor.customerId };
}

/** The user a caller may manage, with what the role rules need; another customer's or a removed user is a 404. */
export async function managedUser(db: Kysely<Database>, scope: { customerId: number | null }, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'customer_id', 'is_active'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .$if(scope.customerId !== null, (qb) => qb.where('customer_id', '=', scope.customerId!))
    .executeTakeFirst();
  if (!user) throw new HttpProblem(404, `No user ${userId}`);
  return user;
}

/**
 * Lets a caller read a user: themself always; another user of the current customer only as a manager or admin
 * holding the user-management access code (403 otherwise), any customer's in admin mode. Another customer's user
 * answers 404, like one that does not exist.
 */
export async function requireReadableUser(
  db: Kysely<Database>,
  request: FastifyRequest,
  actor: Actor,
  userId: number,
): Promise<void> {
  if (userId === actor.userId) return;
  if (!canManageOtherUsers(actor.role as RoleId, actor.isPEUser)) {
    throw forbidden('Only a manager or admin may open another user');
  }
  await managedUser(db, await userManagementScope(db, request, actor), userId);
}
