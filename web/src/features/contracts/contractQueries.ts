import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTRACT_PAGE_SIZE } from '../../../../contract/contracts';
import type { FilterSetting, OrderSetting } from '../../../../contract/listQuery';
import { client, resultOf } from '../../lib/api';
import { filterMapOf, orderSettingsOf } from './contractFields';

/** The query key of every contract list, so a change elsewhere can refresh them all. */
export const CONTRACTS_KEY = 'contracts';

/** One page of the customer's contracts with the grid's filters and sort: POST contract/list. */
export function useContractList(filters: FilterSetting[], sort: OrderSetting[], pageIndex: number) {
  const filter = filterMapOf(filters);
  const orderSettings = orderSettingsOf(sort);
  return useQuery({
    queryKey: [CONTRACTS_KEY, 'list', filter, orderSettings, pageIndex],
    queryFn: () =>
      resultOf(client.contracts.list({ body: { pageIndex, pageSize: CONTRACT_PAGE_SIZE, filter, orderSettings } })),
    placeholderData: keepPreviousData,
  });
}
