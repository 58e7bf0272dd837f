import type { Kysely, Transaction } from 'kysely';
import { allowedRoleChoices, MANAGES_CUSTOMER_USERS } from '../../../contract/accountManagement';
import type { FileIdentifier } from '../../../contract/images';
import { ROLE, type RoleId } from '../../../contract/limits';
import type { Actor } from '../access/actor';
import { requireAccess } from '../access/guard';
import type { Database } from '../db/schema';
import { badRequest, forbidden, HttpProblem } from '../lib/problem';
import { avatarKeyHeldByOther } from './avatar.queries';
import { userInScope, type ManagedUser } from './userManagement.queries';

/*
 * The record checks of user accounts (spec 3 sections 5 and 6). Every route that names a user by id goes through
 * requireManagedUser, directly or through requireReadableUser or requireRemovableUser.
 */

/**
 * A user of the customers the route's declared scope reaches (the session's; every customer's in admin mode), not
 * removed, with what the role rules need. Another customer's user answers 404, like one that does not exist.
 */
export async function requireManagedUser(db: Kysely<Database>, actor: Actor, userId: number): Promise<ManagedUser> {
  const user = await userInScope(db, actor.scopeCustomerId, userId);
  if (!user) throw new HttpProblem(404, `No user ${userId}`);
  return user;
}

/**
 * A user the caller may read (scope ownOrCustomerUsers): themself always; another user only as a manager or admin
 * holding the user-management access code, for which admin mode stands in.
 */
export async function requireReadableUser(db: Kysely<Database>, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.userId) return;
  await requireAccess(db, actor, MANAGES_CUSTOMER_USERS.access, "Another user's account");
  await requireManagedUser(db, actor, userId);
}

/** A user the caller may remove: never themself, and an admin only by an admin. */
export async function requireRemovableUser(db: Kysely<Database>, actor: Actor, userId: number): Promise<ManagedUser> {
  if (userId === actor.userId) throw forbidden('You cannot remove your own account');
  const user = await requireManagedUser(db, actor, userId);
  if (user.role === ROLE.Admin && !actor.isAdmin) throw forbidden('Only an admin may remove an admin');
  return user;
}

/** Only an admin enables an inactive user. */
export function requireEnablableUser(actor: Actor, user: ManagedUser): void {
  if (!actor.isAdmin) throw forbidden('Only an admin may enable a user');
  if (user.is_active) throw badRequest('This user is already active');
}

/** The role a profile edit gives must be one of the choices for who edits whom (allowedRoleChoices). */
export function requireRoleChoice(actor: Actor, edited: { id: number; role: number }, role: RoleId): void {
  const editingSelf = edited.id === actor.userId;
  if (allowedRoleChoices(edited.role as RoleId, editingSelf, actor.isAdmin).includes(role)) return;
  throw forbidden(
    editingSelf ? 'This role cannot be chosen for your own account' : 'This role cannot be given to this user',
  );
}

/** A password change names the caller's own address. */
export function requireOwnAddress(account: { email: string }, userEmail: string): void {
  if (userEmail.trim().toLowerCase() !== account.email.toLowerCase()) {
    throw forbidden('Only your own password can be changed');
  }
}

/** An avatar file lies in the caller's avatar folder. */
export function requireInAvatarFolder(folder: string, file: FileIdentifier): void {
  if (!file.resourceKey.startsWith(folder)) throw forbidden("The file is not in the caller's avatar folder");
}

/** No other user's avatar is made of these files. */
export async function requireAvatarFilesFree(trx: Transaction<Database>, actor: Actor, keys: string[]): Promise<void> {
  if (await avatarKeyHeldByOther(trx, actor.userId, keys)) throw forbidden("The file is another user's avatar");
}
