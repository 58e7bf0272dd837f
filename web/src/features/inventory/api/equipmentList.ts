import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INVENTORY_PAGE_SIZE } from '../../../../../contract/limits';
import type { FilterSetting, OrderSetting } from '../../../../../contract/listQuery';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/** What a page of the inventory is asked with: the layout's filters and sort, the search words and the page. */
export interface EquipmentListQuery {
  filter: FilterSetting[];
  sort: OrderSetting[];
  keyword: string;
  pageIndex: number;
}

/** One page of the followed equipment: POST Equipment/list. */
export const equipmentListQuery = ({ filter, sort, keyword, pageIndex }: EquipmentListQuery) =>
  queryOptions({
    queryKey: equipmentKeys.list(filter, sort, keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.equipment.list({
          body: {
            pageIndex,
            pageSize: INVENTORY_PAGE_SIZE,
            isFollowed: true,
            listType: 'inventory',
            filterSettings: filter,
            orderSettings: sort,
            fullTextSearchSetting: keyword ? { keyword } : null,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useEquipmentList = (query: EquipmentListQuery, enabled: boolean) =>
  useQuery({ ...equipmentListQuery(query), enabled });

/** How many instruments match the list's filters and keyword: POST Equipment/list/count (exact, or "more than"). */
export const equipmentCountQuery = ({ filter, keyword }: Pick<EquipmentListQuery, 'filter' | 'keyword'>) =>
  queryOptions({
    queryKey: equipmentKeys.count(filter, keyword),
    queryFn: () =>
      resultOf(
        client.equipment.listCount({
          body: {
            isFollowed: true,
            listType: 'inventory',
            filterSettings: filter,
            fullTextSearchSetting: keyword ? { keyword } : null,
          },
        }),
      ),
  });
