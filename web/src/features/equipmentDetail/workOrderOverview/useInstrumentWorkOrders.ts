import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SERVICE_CALL_PAGE_SIZE } from '../../../../../contract/equipment';
import { serviceCallKeys } from '../../../components/serviceCalls';
import { client, resultOf } from '../../../lib/api';

interface Page {
  index: number;
  /** The first page's snapshot, sent with the later pages so they do not shift; none on the first page. */
  sessionTimestamp?: number;
}

/**
 * A page of the work orders of an instrument (otherComponent false) or of the other components of its system
 * (true): GET Equipment/{id}/workOrders, 10 a page. Going back to the first page takes a new snapshot.
 */
export function useInstrumentWorkOrders(equipmentId: number, otherComponent: boolean) {
  const [page, setPage] = useState<Page>({ index: 0 });
  const list = useQuery({
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
    placeholderData: keepPreviousData,
  });
  const goTo = (index: number) =>
    setPage({ index, sessionTimestamp: index === 0 ? undefined : list.data?.sessionTimestamp });
  return { list, pageIndex: page.index, goTo };
}
