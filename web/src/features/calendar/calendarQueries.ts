import dayjs from 'dayjs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CALENDAR_PAGE_SIZE } from '../../../../contract/reservations';
import type { Period } from '../../../../machines/calendar.machine';
import { client, resultOf } from '../../lib/api';
import { serviceCallTypeParam, type CalendarLayout } from './calendarLayout';
import { reservationKeys } from '../../components/reservations/reservationKeys';

/** How long rows count as fresh (a reservation changed elsewhere arrives by the hub's live updates). Chosen. */
const CALENDAR_ROWS_FRESH_MS = 10_000;

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The filter part of the calendar and overview queries. */
function filterQuery(layout: CalendarLayout) {
  return {
    serial: blankToUndefined(layout.filter.serialNo),
    systemNickName: blankToUndefined(layout.filter.systemNickName),
    systemId: blankToUndefined(layout.filter.systemID),
    serviceCallType: serviceCallTypeParam(layout),
    myOnly: layout.reservationFilterMode === 'mine',
  };
}

/** The query of a page of instruments with their reservations and service events in the period. */
export function calendarRowsQuery(layout: CalendarLayout, period: Period, pageIndex: number) {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  return queryOptions({
    queryKey: reservationKeys.calendar(start, end, pageIndex, filterQuery(layout), layout.sortBy),
    queryFn: () =>
      resultOf(
        client.reservations.calendar({
          query: {
            start,
            end,
            pageIndex,
            pageSize: CALENDAR_PAGE_SIZE,
            calendarOrderType: layout.sortBy,
            ...filterQuery(layout),
          },
        }),
      ),
  });
}

/** A page of instruments with their reservations and service events in the period. */
export function useCalendarRows(layout: CalendarLayout, period: Period, pageIndex: number, enabled: boolean) {
  return useQuery({
    ...calendarRowsQuery(layout, period, pageIndex),
    enabled,
    placeholderData: keepPreviousData,
    // Opened from the menu, the rows asked for on hover are shown without asking again.
    staleTime: CALENDAR_ROWS_FRESH_MS,
  });
}

/** The days of a month that have reservations (the sidebar's date overview). */
export function useReservationDays(layout: CalendarLayout, month: Date, enabled: boolean) {
  const start = dayjs(month).startOf('month');
  const query = { start: start.toISOString(), end: start.add(1, 'month').toISOString(), ...filterQuery(layout) };
  return useQuery({
    enabled,
    queryKey: reservationKeys.overview(query),
    queryFn: () => resultOf(client.reservations.overview({ query })),
    placeholderData: keepPreviousData,
  });
}
