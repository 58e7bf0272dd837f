import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/**
 * The first `pageSize` due dates that are overdue or due soon, with their count. Under the equipment keys: a changed
 * instrument or work order (which moves a due date) makes it stale.
 */
export const useDueSoon = (pageSize: number) =>
  useQuery({
    queryKey: [...equipmentKeys.all, 'dueDates', 'upcoming', pageSize],
    queryFn: () => resultOf(client.dueDates.upcoming({ query: { pageSize } })),
    placeholderData: keepPreviousData,
  });
