import { useQuery } from '@tanstack/react-query';
import type { SignUpForm } from '../../../../../contract/account';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const invitationKeys = queryKeys('account.checkInvitation', { of: (token: string | null) => [token] });

/** Whether the invitation link's token is still good, asked once; nothing is asked without a token. */
export const useInvitationCheck = (token: string | null) =>
  useQuery({
    queryKey: invitationKeys.of(token),
    queryFn: () => resultOf(client.account.checkInvitation({ body: { token: token! }, query: {}, silent: true })),
    enabled: token !== null,
    retry: false,
  });

/** Accept the invitation: the account is made and signed in. */
export const acceptInvitation = (token: string, { firstName, lastName, password }: SignUpForm) =>
  resultOf(
    client.account.acceptInvitation({ body: { token, firstName, lastName, password }, query: {}, silent: true }),
  );

/** Sign out the user who opened an invitation while signed in. */
export const endSession = () => client.account.logout({ body: {}, query: {}, silent: true, ignoreCancel: true });
