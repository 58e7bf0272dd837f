import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CALENDAR_PAGE_SIZE } from '../../../../contract/reservations';
import type { Period } from '../../../../machines/calendar.machine';
import { client, resultOf } from '../../lib/api';
import { serviceCallTypeParam, type CalendarLayout } from './calendarLayout';
import { reservationKeys } from '../../components/reservations/reservationKeys';

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

/** A page of instruments with their reservations and service events in the period. */
export function useCalendarRows(layout: CalendarLayout, period: Period, pageIndex: number, enabled: boolean) {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  return useQuery({
    enabled,
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
    placeholderData: keepPreviousData,
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
