import { useQuery } from '@tanstack/react-query';
import type { Equipment } from '../../../../../contract/equipment';
import type { Reservation } from '../../../../../contract/reservations';
import { reservationKeys } from '../../../components/reservations/reservationKeys';
import { client, resultOf } from '../../../lib/api';

/** The most reservations asked for at once; the search lists the newest start first, so the upcoming ones come first. */
export const UPCOMING_SEARCH_SIZE = 100;

/** The search keyword that finds the instrument's reservations: its serial, else its make and model. */
export const searchKeywordOf = (equipment: Equipment) =>
  (equipment.serial || [equipment.mfg, equipment.model].filter(Boolean).join(' ')).trim() || undefined;

/** The reservations of the instrument that have not ended at `now`, the earliest start first. */
export const upcomingOf = (items: Reservation[], equipmentId: number, now: number) =>
  items
    .filter((r) => r.equipmentId === equipmentId && Date.parse(r.endDate) > now)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));

/**
 * The search answer for the instrument. The key is under reservationKeys.all, which the calendar invalidates after
 * saving or deleting a reservation, so both stay current.
 */
export function useReservationsOf(equipment: Equipment) {
  const keyword = searchKeywordOf(equipment);
  return useQuery({
    queryKey: reservationKeys.upcoming(equipment.equipmentId, keyword),
    queryFn: () => resultOf(client.reservations.search({ query: { keyword, pageSize: UPCOMING_SEARCH_SIZE } })),
  });
}
