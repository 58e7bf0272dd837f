import { AccessCode } from '../../../contract/permissions';
import type { Kysely } from 'kysely';
import { ROLE } from '../../../contract/limits';
import type { Database } from '../db/schema';

/** A user's access codes follow from role and provider status; nothing to keep in step in a table. */
export function accessCodesFor(role: number, isPEUser: boolean): AccessCode[] {
  const codes: AccessCode[] = [AccessCode.ContractManagement];
  if (role >= ROLE.Manager || isPEUser) codes.push(AccessCode.UserManagement);
  if (isPEUser) codes.push(AccessCode.Admin, AccessCode.EmailRouting);
  return codes;
}

/** Admin mode (the /admin/api prefix) is for holders of the admin access code. */
export async function mayUseAdminMode(db: Kysely<Database>, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select(['role', 'is_pe_user']).where('id', '=', userId).executeTakeFirst();
  return !!user && accessCodesFor(user.role, user.is_pe_user).includes(AccessCode.Admin);
}
