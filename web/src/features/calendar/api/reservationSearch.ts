import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CALENDAR_PAGE_SIZE } from '../../../../../contract/reservations';
import { reservationKeys } from '../../../components/reservations/reservationKeys';
import { client, resultOf } from '../../../lib/api';

/** A page of reservations matching the search keyword: GET reservations/search. */
export const reservationSearchQuery = (keyword: string, pageIndex: number) =>
  queryOptions({
    queryKey: reservationKeys.search(keyword, pageIndex),
    queryFn: () =>
      resultOf(client.reservations.search({ query: { keyword, pageIndex, pageSize: CALENDAR_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });

export const useReservationSearch = (keyword: string, pageIndex: number, enabled: boolean) =>
  useQuery({ ...reservationSearchQuery(keyword, pageIndex), enabled });
