import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPrivilege } from '../../../contract/accountManagement';
import { client, resultOf } from './api';
import { queryKeys } from './queryKeys';

const privilegeKeys = queryKeys('privileges', { of: (userId: number, customerId: number) => [userId, customerId] });

export type Privileges = UserPrivilege['userPrivilege'];

/** GET users/{userId}/privilege for the current customer. */
export const privilegesQuery = (userId: number, customerId: number) =>
  queryOptions({
    queryKey: privilegeKeys.of(userId, customerId),
    queryFn: () => resultOf(client.accountManagement.privilege({ params: { userId } })),
  });

/** The signed-in user's features and function codes in the current customer. */
export function usePrivileges(userId: number, customerId: number) {
  return useQuery({
    ...privilegesQuery(userId, customerId),
    select: (result) => result.userPrivilege,
    // After a customer switch the previous customer's features stay until the new ones arrive: no blank shell.
    placeholderData: (previous) => previous,
  });
}
