import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EQUIPMENT_FILTER_FIELDS_PAGE_SIZE, type EquipmentRowEdit } from '../../../../contract/equipment';
import { INVENTORY_PAGE_SIZE } from '../../../../contract/limits';
import type { FilterSetting } from '../../../../contract/listQuery';
import type { FilterSuggestions } from '../../components/list';
import { client, resultOf } from '../../lib/api';
import { orderOf, type ProductsLayout } from './productsFields';

/** Rows per page: the equipment grids' page size. */
export const PRODUCTS_PAGE_SIZE = INVENTORY_PAGE_SIZE;

/** Query keys of this page; under 'equipment' so an image or document change refreshes it like the inventory. */
export const PRODUCTS_KEY = ['equipment', 'productsManagement'] as const;

const fullText = (keyword: string) => (keyword ? { keyword } : null);

/** One page of the switched customer's equipment, hidden instruments included (listType productsManagement). */
export function useProductsList(layout: ProductsLayout, keyword: string, pageIndex: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...PRODUCTS_KEY, 'list', layout.filter, layout.sort, keyword, pageIndex],
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

/** The grid's filter suggestions: POST Equipment/FilterFields over the same equipment. */
export const PRODUCTS_SUGGESTIONS: FilterSuggestions = {
  queryKey: [...PRODUCTS_KEY, 'filterFields'],
  pageSize: EQUIPMENT_FILTER_FIELDS_PAGE_SIZE,
  load: (field, others: FilterSetting[], keyword) =>
    resultOf(
      client.equipment.filterFields({
        body: {
          pageSize: EQUIPMENT_FILTER_FIELDS_PAGE_SIZE,
          pageIndex: 0,
          selectFields: [field],
          filterSettings: others,
          fullTextSearchSetting: fullText(keyword),
          isFollowed: false,
          listType: 'productsManagement',
        },
      }),
    ),
};

/** PUT Equipment/editingList: the rows are saved all together or not at all. */
export const saveRows = (rows: EquipmentRowEdit[]) => resultOf(client.equipment.updateEditingList({ body: rows }));
