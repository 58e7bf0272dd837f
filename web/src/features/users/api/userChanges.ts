import type { InviteUserRequest, UserRow } from '../../../../../contract/accountManagement';
import { client, resultOf } from '../../../lib/api';

/** Enable a disabled user, who moves back to the active list. */
export const enableUser = (user: UserRow) =>
  resultOf(client.accountManagement.update({ params: { id: user.userId }, body: { isActive: true } }));

/** Invite a user by e-mail. */
export const inviteUser = (body: InviteUserRequest) =>
  resultOf(client.accountManagement.inviteUser({ body, query: {}, silent: true }));
