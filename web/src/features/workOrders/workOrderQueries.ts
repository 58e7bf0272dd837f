import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { WORK_ORDER_PAGE_SIZE } from '../../../../contract/serviceCalls';
import { exportLayoutOf, visibleColumns, type FilterSuggestions } from '../../components/list';
import { serviceCallKeys } from '../../components/serviceCalls';
import { client, resultOf } from '../../lib/api';
import { downloadFile } from '../../lib/downloadFile';
import {
  activeTypeOf,
  ORDER_NUMBER_FIELD,
  orderSettingsOf,
  WORK_ORDER_FIELDS,
  type WorkOrderLayout,
  type WorkOrderTab,
} from './workOrderFields';

/** How many filter suggestions a column asks for (spec 2 section 9 "filter list limit"). */
const SUGGESTION_PAGE_SIZE = 100;

const fullText = (keyword: string) => (keyword ? { keyword } : null);

/** One page of a tab's work orders with the view's filters and sort and the search keyword. */
export function useWorkOrderList(layout: WorkOrderLayout, keyword: string, pageIndex: number, enabled: boolean) {
  const activeType = activeTypeOf(layout);
  const orderSettings = orderSettingsOf(layout);
  return useQuery({
    enabled,
    queryKey: serviceCallKeys.workOrders(activeType, layout.filter, orderSettings, keyword, pageIndex),
    queryFn: () =>
      resultOf(
        client.serviceCalls.list({
          query: { isHistory: activeType === 'history' },
          body: {
            pageIndex,
            pageSize: WORK_ORDER_PAGE_SIZE,
            filterSettings: layout.filter,
            orderSettings,
            fullTextSearchSetting: fullText(keyword),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** How many work orders of the tab match the view's filters and the keyword: POST ServiceCall/list/count. */
export function workOrderCountQuery(layout: WorkOrderLayout, keyword: string) {
  const activeType = activeTypeOf(layout);
  return queryOptions({
    queryKey: serviceCallKeys.workOrderCount(activeType, layout.filter, keyword),
    queryFn: () =>
      resultOf(
        client.serviceCalls.listCount({
          query: { isHistory: activeType === 'history' },
          body: { filterSettings: layout.filter, fullTextSearchSetting: fullText(keyword) },
        }),
      ),
  });
}

/** A tab's filter suggestions: POST ServiceCall/FilterFields. */
export const workOrderSuggestions = (activeType: WorkOrderTab): FilterSuggestions => ({
  queryKey: serviceCallKeys.filterFields(activeType),
  pageSize: SUGGESTION_PAGE_SIZE,
  load: (field, others, keyword, page) =>
    resultOf(
      client.serviceCalls.filterFields({
        query: { isHistory: activeType === 'history' },
        body: {
          ...page,
          selectFields: [field],
          filterSettings: others,
          fullTextSearchSetting: fullText(keyword),
        },
      }),
    ),
});

/** The grid's columns as an export lists them: the order number, then the visible columns in their order. */
export const exportedColumns = (layout: WorkOrderLayout) => [
  ORDER_NUMBER_FIELD,
  ...visibleColumns(layout, WORK_ORDER_FIELDS.columns),
];

/**
 * Every work order of the tab with the view's filters and sort, or only the selected ones (`serviceOrderIds`), as an
 * .xlsx of the visible columns.
 */
export async function exportWorkOrders(
  t: TFunction,
  layout: WorkOrderLayout,
  keyword: string,
  serviceOrderIds?: readonly number[],
): Promise<void> {
  const activeType = activeTypeOf(layout);
  const response = await client.serviceCalls.export({
    query: { isHistory: activeType === 'history' },
    body: {
      pageIndex: 0,
      pageSize: 0,
      filterSettings: layout.filter,
      orderSettings: orderSettingsOf(layout),
      fullTextSearchSetting: fullText(keyword),
      layoutContent: exportLayoutOf(t, WORK_ORDER_FIELDS, exportedColumns(layout)),
      ...(serviceOrderIds && { serviceOrderIds: [...serviceOrderIds] }),
    },
  });
  downloadFile(response, activeType === 'history' ? 'WorkOrderHistory.xlsx' : 'WorkOrders.xlsx');
}

/** The work order a service report link names, by its id (GET ServiceCall/byId/{id}); not found is the page's. */
export function useServiceReportTarget(serviceOrderId: number | null) {
  return useQuery({
    enabled: serviceOrderId !== null,
    queryKey: serviceCallKeys.reportTarget(serviceOrderId),
    queryFn: () =>
      resultOf(client.serviceCalls.serviceReportTarget({ params: { serviceOrderId: serviceOrderId! }, silent: true })),
  });
}
