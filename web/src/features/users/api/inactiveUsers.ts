import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INACTIVE_USER_PAGE_SIZE } from '../../../../../contract/accountManagement';
import { FilterOperator } from '../../../../../contract/listQuery';
import { client, resultOf } from '../../../lib/api';
import { userListKeys } from '../../../lib/userListKeys';

/** One page of the disabled users whose display name holds the keyword: POST users/list. */
export const inactiveUsersQuery = (keyword: string, pageIndex: number) =>
  queryOptions({
    queryKey: userListKeys.inactive(keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.accountManagement.list({
          body: {
            pageIndex,
            pageSize: INACTIVE_USER_PAGE_SIZE,
            isActive: false,
            filterSettings: keyword
              ? [{ field: 'displayName', operator: FilterOperator.Contains, value: [keyword] }]
              : [],
            orderSettings: [],
          },
          // Opened from a link, the modal asks at the same time as the user list behind it: both are wanted.
          ignoreCancel: true,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useInactiveUsers = (keyword: string, pageIndex: number, enabled: boolean) =>
  useQuery({ ...inactiveUsersQuery(keyword, pageIndex), enabled });
