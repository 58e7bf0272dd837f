import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { INVENTORY_PAGE_SIZE } from '../../../../contract/limits';
import { client, resultOf } from '../../lib/api';
import { equipmentKeys } from '../../lib/equipmentKeys';
import { orderOf, type ProductsLayout } from './productsFields';

/** Rows per page: the equipment grids' page size. */
export const PRODUCTS_PAGE_SIZE = INVENTORY_PAGE_SIZE;

const fullText = (keyword: string) => (keyword ? { keyword } : null);

/** One page of the switched customer's equipment, hidden instruments included (listType productsManagement). */
export function useProductsList(layout: ProductsLayout, keyword: string, pageIndex: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: equipmentKeys.productsManagement('list', layout.filter, layout.sort, keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.equipment.list({
          body: {
            pageIndex,
            pageSize: PRODUCTS_PAGE_SIZE,
            isFollowed: false,
            listType: 'productsManagement',
            filterSettings: layout.filter,
            orderSettings: orderOf(layout.sort),
            fullTextSearchSetting: fullText(keyword),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** How many of them match the filters and keyword: POST Equipment/list/count of products management. */
export function productsCountQuery(layout: ProductsLayout, keyword: string) {
  return queryOptions({
    queryKey: equipmentKeys.productsManagement('count', layout.filter, keyword),
    queryFn: () =>
      resultOf(
        client.equipment.listCount({
          body: {
            isFollowed: false,
            listType: 'productsManagement',
            filterSettings: layout.filter,
            fullTextSearchSetting: fullText(keyword),
          },
        }),
      ),
  });
}
