import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USER_PAGE_SIZE } from '../../../../../contract/accountManagement';
import type { FilterSetting, OrderSetting } from '../../../../../contract/listQuery';
import { client, resultOf } from '../../../lib/api';
import { userListKeys } from '../../../lib/userListKeys';

/** What a page of the active users is asked with: the list's filters, order, search keyword and page. */
export interface UserListQuery {
  adminMode: boolean;
  filter: FilterSetting[];
  orderSettings: OrderSetting[];
  keyword: string;
  pageIndex: number;
}

/** One page of the active users: POST users/list. */
export const userListQuery = (q: UserListQuery) =>
  queryOptions({
    queryKey: userListKeys.list(q.adminMode, q.filter, q.orderSettings, q.keyword, q.pageIndex),
    queryFn: () =>
      resultOf(
        client.accountManagement.list({
          body: {
            pageIndex: q.pageIndex,
            pageSize: USER_PAGE_SIZE,
            isActive: true,
            filterSettings: q.filter,
            orderSettings: q.orderSettings,
            fullTextSearchSetting: q.keyword ? { keyword: q.keyword } : null,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** How many active users match the list's filters and keyword: POST users/list/count. */
export const userCountQuery = (q: Pick<UserListQuery, 'adminMode' | 'filter' | 'keyword'>) =>
  queryOptions({
    queryKey: userListKeys.count(q.adminMode, q.filter, q.keyword),
    queryFn: () =>
      resultOf(
        client.accountManagement.listCount({
          body: {
            isActive: true,
            filterSettings: q.filter,
            fullTextSearchSetting: q.keyword ? { keyword: q.keyword } : null,
          },
        }),
      ),
  });

export const useUserList = (q: UserListQuery) => useQuery(userListQuery(q));
