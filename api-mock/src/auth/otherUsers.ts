import type { Kysely } from 'kysely';
import { canManageOtherUsers } from '../../../contract/accountManagement';
import type { RoleId } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { forbidden, HttpProblem } from '../lib/problem';
import type { Actor } from './actor';

/**
 * Lets a caller read a user: themself always; another user of the current customer only as a manager or admin
 * (403 otherwise). Another customer's user answers 404, like one that does not exist.
 */
export async function requireReadableUser(db: Kysely<Database>, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) return;
  const other = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('customer_id', '=', actor.customerId)
    .executeTakeFirst();
  if (!other) throw new HttpProblem(404, `No user ${userId}`);
  if (!canManageOtherUsers(actor.role as RoleId, actor.isPEUser)) {
    throw forbidden('Only a manager or admin may open another user');
  }
}
