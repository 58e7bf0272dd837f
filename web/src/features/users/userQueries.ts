import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { roleFilterChoices, USER_PAGE_SIZE } from '../../../../contract/accountManagement';
import type { FilterSetting } from '../../../../contract/listQuery';
import type { FilterSuggestions } from '../../components/list';
import { client, resultOf } from '../../lib/api';
import { userListKeys } from '../../lib/userListKeys';
import { orderSettingsOf, type UserListState } from './userFields';

/** How many filter suggestions a column asks for (spec 3 section 9 "filter autocomplete page size"). */
const SUGGESTION_PAGE_SIZE = 100;

const fullText = (keyword: string) => (keyword ? { keyword } : null);

/** One page of the active users with the list's filters, sort and search keyword. */
export function useUserList(state: UserListState, keyword: string, pageIndex: number, adminMode: boolean) {
  const orderSettings = orderSettingsOf(state);
  return useQuery({
    queryKey: userListKeys.list(adminMode, state.filter, orderSettings, keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.accountManagement.list({
          body: {
            pageIndex,
            pageSize: USER_PAGE_SIZE,
            isActive: true,
            filterSettings: state.filter,
            orderSettings,
            fullTextSearchSetting: fullText(keyword),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The user grid's filter suggestions: POST users/FilterFields. The role list hides the roles the provider's own
 * customer does not have (spec 3 section 6).
 */
export const userSuggestions = (adminMode: boolean, providerCustomer: boolean): FilterSuggestions => ({
  queryKey: userListKeys.filterFields(adminMode, providerCustomer),
  pageSize: SUGGESTION_PAGE_SIZE,
  load: async (field, others: FilterSetting[], keyword) => {
    const found = await resultOf(
      client.accountManagement.filterFields({
        body: {
          pageSize: SUGGESTION_PAGE_SIZE,
          pageIndex: 0,
          selectFields: [field],
          filterSettings: others,
          fullTextSearchSetting: fullText(keyword),
        },
      }),
    );
    if (field !== 'role' || adminMode) return found;
    const shown = roleFilterChoices(providerCustomer).map(String);
    return { ...found, role: (found.role ?? []).filter((v) => v !== null && shown.includes(v)) };
  },
});
