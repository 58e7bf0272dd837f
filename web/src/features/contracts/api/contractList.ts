import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CONTRACT_PAGE_SIZE } from '../../../../../contract/contracts';
import type { FilterSetting, OrderSetting } from '../../../../../contract/listQuery';
import { client, resultOf } from '../../../lib/api';
import { filterMapOf, orderSettingsOf } from '../contractFields';
import { contractKeys } from './contractKeys';

/** One page of the customer's contracts with the grid's filters and sort: POST contract/list. */
export function contractListQuery(filters: FilterSetting[], sort: OrderSetting[], pageIndex: number) {
  const filter = filterMapOf(filters);
  const orderSettings = orderSettingsOf(sort);
  return queryOptions({
    queryKey: contractKeys.list(filter, orderSettings, pageIndex),
    queryFn: () =>
      resultOf(client.contracts.list({ body: { pageIndex, pageSize: CONTRACT_PAGE_SIZE, filter, orderSettings } })),
    placeholderData: keepPreviousData,
  });
}

/** How many of the customer's contracts match the grid's filters: POST contract/list/count. */
export function contractCountQuery(filters: FilterSetting[]) {
  const filter = filterMapOf(filters);
  return queryOptions({
    queryKey: contractKeys.count(filter),
    queryFn: () => resultOf(client.contracts.listCount({ body: { filter } })),
  });
}

export const useContractList = (filters: FilterSetting[], sort: OrderSetting[], pageIndex: number) =>
  useQuery(contractListQuery(filters, sort, pageIndex));
