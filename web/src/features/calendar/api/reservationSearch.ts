import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CALENDAR_PAGE_SIZE } from '../../../../../contract/reservations';
import { RESERVATIONS_KEY } from '../../../components/reservations/reservationKeys';
import { client, resultOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const reservationSearchKeys = queryKeys(RESERVATIONS_KEY, {
  search: (keyword: string, pageIndex: number) => [keyword, pageIndex],
});

/** A page of reservations matching the search keyword: GET reservations/search. */
export const reservationSearchQuery = (keyword: string, pageIndex: number) =>
  queryOptions({
    queryKey: reservationSearchKeys.search(keyword, pageIndex),
    queryFn: () =>
      resultOf(client.reservations.search({ query: { keyword, pageIndex, pageSize: CALENDAR_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });

export const useReservationSearch = (keyword: string, pageIndex: number, enabled: boolean) =>
  useQuery({ ...reservationSearchQuery(keyword, pageIndex), enabled });
