import { roleFilterChoices } from '../../../../contract/accountManagement';
import type { FilterSetting } from '../../../../contract/listQuery';
import type { FilterSuggestions } from '../../components/list';
import { client, resultOf } from '../../lib/api';
import { userListKeys } from '../../lib/userListKeys';

/** How many filter suggestions a column asks for (spec 3 section 9 "filter autocomplete page size"). */
const SUGGESTION_PAGE_SIZE = 100;

const fullText = (keyword: string) => (keyword ? { keyword } : null);

/**
 * The user grid's filter suggestions: POST users/FilterFields. The role list hides the roles the provider's own
 * customer does not have (spec 3 section 6).
 */
export const userSuggestions = (adminMode: boolean, providerCustomer: boolean): FilterSuggestions => ({
  queryKey: userListKeys.filterFields(adminMode, providerCustomer),
  pageSize: SUGGESTION_PAGE_SIZE,
  load: async (field, others: FilterSetting[], keyword, page) => {
    const found = await resultOf(
      client.accountManagement.filterFields({
        body: {
          ...page,
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
