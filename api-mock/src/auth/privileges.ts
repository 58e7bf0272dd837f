import { AccessCode } from '../../../contract/permissions';
import { ROLE } from '../../../contract/limits';

/** A user's access codes follow from role and provider status; nothing to keep in step in a table. */
export function accessCodesFor(role: number, isPEUser: boolean): AccessCode[] {
  const codes: AccessCode[] = [AccessCode.ContractManagement];
  if (role >= ROLE.Manager || isPEUser) codes.push(AccessCode.UserManagement);
  if (isPEUser) codes.push(AccessCode.Admin, AccessCode.EmailRouting);
  return codes;
}
