import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordRequest, ProfileEdit } from '../../../../../contract/accountManagement';
import { ErrorCode } from '../../../../../contract/errors';
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

/**
 * Change the signed-in user's password: the page answers a wrong old password and a weak new one on their fields,
 * every other failure (the session, permissions, the network) goes to the global handler (spec 3 section 8).
 */
export const changePassword = (body: ChangePasswordRequest) =>
  resultOf(
    client.accountManagement.changePassword({
      body,
      query: {},
      handles: [ErrorCode.WrongOldPassword, ErrorCode.WeakNewPassword],
    }),
  );

/** Set the signed-in user's language alone. */
export const saveOwnLanguage = (languageId: number) =>
  resultOf(client.accountManagement.updateOwnLanguage({ body: { languageId } }));

/** A location of the current customer with its company and address fields: GET Location/{locationId}. */
export const locationDetail = (locationId: number) => resultOf(client.location.get({ params: { locationId } }));
