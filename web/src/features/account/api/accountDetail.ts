import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordRequest, ProfileEdit } from '../../../../../contract/accountManagement';
import { client, resultOf } from '../../../lib/api';
import { accountManagementKeys, userKeys } from './accountKeys';

/** A user's account details: GET AccountManagement/{id}. */
export const useAccountDetail = (userId: number) =>
  useQuery({
    queryKey: userKeys.detail(userId),
    queryFn: () => resultOf(client.accountManagement.get({ params: { id: userId } })),
  });

/** The signed-in user's account, silently and once: the page works without it. */
export const useOwnAccountQuietly = (userId: number) =>
  useQuery({
    queryKey: accountManagementKeys.lastChange(userId),
    queryFn: () => resultOf(client.accountManagement.get({ params: { id: userId }, query: {}, silent: true })),
    retry: false,
  });

/** Save a profile: one's own (PUT AccountManagement/profile) or another user's (PUT AccountManagement/{id}). */
export const saveProfile = (self: boolean, userId: number, body: ProfileEdit) =>
  resultOf(
    self
      ? client.accountManagement.updateOwnProfile({ body })
      : client.accountManagement.update({ params: { id: userId }, body }),
  );

/** Delete another user's account. */
export const removeUser = (userId: number) => resultOf(client.accountManagement.remove({ params: { id: userId } }));

/** Change the signed-in user's password. */
export const changePassword = (body: ChangePasswordRequest) =>
  resultOf(client.accountManagement.changePassword({ body, query: {}, silent: true }));
