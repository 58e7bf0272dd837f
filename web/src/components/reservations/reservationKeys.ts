import { queryKeys } from '../../lib/queryKeys';

/** Every reservation query (the calendar, upcoming reservations) starts with this root; a change invalidates it. */
export const reservationKeys = queryKeys('reservations', {
  calendar: (...parts: unknown[]) => parts,
  overview: (query: object) => [query],
  search: (keyword: string, pageIndex: number) => [keyword, pageIndex],
  upcoming: (equipmentId: number, keyword: string | undefined) => [equipmentId, keyword],
});
