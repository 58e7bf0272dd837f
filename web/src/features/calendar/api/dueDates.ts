import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Period } from '../../../../../machines/calendar.machine';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/**
 * The due dates of the calendar's shown rows in the period, of the checked kinds of work. Under the equipment keys: a
 * changed instrument or work order (which moves a due date) makes them stale.
 */
export function useCalendarDueDates(equipmentIds: number[], period: Period, types: string, enabled: boolean) {
  const query = {
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    equipmentIds: equipmentIds.join(','),
    serviceCallType: types,
  };
  return useQuery({
    queryKey: [...equipmentKeys.all, 'dueDates', 'calendar', query],
    queryFn: () => resultOf(client.dueDates.calendar({ query })),
    enabled: enabled && equipmentIds.length > 0 && types !== '',
    placeholderData: keepPreviousData,
  });
}
