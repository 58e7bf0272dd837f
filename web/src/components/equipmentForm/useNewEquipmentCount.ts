import { useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../lib/api';

/** Query key of GET Equipment/list/new (under 'equipment', so every change of equipment refreshes it). */
export const NEW_EQUIPMENT_KEY = ['equipment', 'new'] as const;

/**
 * How many equipment are newly available to the user (the badge of manage my products, spec 2 section 2): the
 * customer's recent equipment not on the user's list. 0 while loading or when the call failed.
 */
export function useNewEquipmentCount(): { count: number; isLoading: boolean; refresh(): void } {
  const query = useQuery({
    queryKey: NEW_EQUIPMENT_KEY,
    queryFn: () => resultOf(client.equipment.listNew({ query: {} })),
  });
  return {
    count: query.data?.length ?? 0,
    isLoading: query.isPending,
    refresh: () => void query.refetch(),
  };
}
