import { useState } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { SERVICE_CALL_PAGE_SIZE } from '../../../../../contract/equipment';
import { serviceCallKeys } from '../../../components/serviceCalls';
import { client, resultOf } from '../../../lib/api';
import { TAB_STALE_MS } from '../tabStaleTime';

interface Page {
  index: number;
  /** The first page's snapshot, sent with the later pages so they do not shift; none on the first page. */
  sessionTimestamp?: number;
}

/** GET Equipment/{id}/workOrders for one page: the tab's query, and the page's prefetch of the first page. */
export const instrumentWorkOrdersQuery = (equipmentId: number, otherComponent: boolean, page: Page = { index: 0 }) =>
  queryOptions({
    queryKey: serviceCallKeys.instrument(equipmentId, otherComponent, page.index, page.sessionTimestamp),
    queryFn: () =>
      resultOf(
        client.serviceCalls.equipmentWorkOrders({
          params: { id: equipmentId },
          query: {
            otherComponent,
            pageIndex: page.index,
            pageSize: SERVICE_CALL_PAGE_SIZE,
            ...(page.sessionTimestamp === undefined ? {} : { sessionTimestamp: page.sessionTimestamp }),
          },
        }),
      ),
    staleTime: TAB_STALE_MS,
  });

/**
 * A page of the work orders of an instrument (otherComponent false) or of the other components of its system
 * (true): GET Equipment/{id}/workOrders, 10 a page. Going back to the first page takes a new snapshot.
 */
export function useInstrumentWorkOrders(equipmentId: number, otherComponent: boolean) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState<Page>({ index: 0 });
  const list = useQuery({
    ...instrumentWorkOrdersQuery(equipmentId, otherComponent, page),
    placeholderData: keepPreviousData,
  });
  const goTo = (index: number) => {
    if (index === 0) {
      const { queryKey } = instrumentWorkOrdersQuery(equipmentId, otherComponent);
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    }
    setPage({ index, sessionTimestamp: index === 0 ? undefined : list.data?.sessionTimestamp });
  };
  return { list, pageIndex: page.index, goTo };
}
