import type { ProfileEdit, UserDetail } from '../../contract/accountManagement';
import type { InjectClient } from './injectClient';

/** GET users/{id} as `client`, which must succeed. */
export async function detailOf(client: InjectClient, id: number): Promise<UserDetail> {
  const res = await client.accountManagement.get({ params: { id } });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`expected the user: ${JSON.stringify(res.body)}`);
  return res.body.result!;
}

/** A profile edit that keeps what `d` holds (filling what the form requires) but for `changes`. */
export const editOf = (d: UserDetail, changes: Partial<ProfileEdit> = {}): ProfileEdit => ({
  firstName: d.firstName,
  lastName: d.lastName,
  languageId: d.languageId ?? 1,
  officePhone: d.officePhone ?? '+1 555 0100',
  department: d.department ?? 'Research',
  role: d.role,
  jobTitle: d.jobTitle,
  ...changes,
});
