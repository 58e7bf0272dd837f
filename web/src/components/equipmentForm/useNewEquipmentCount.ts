import { useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../lib/api';
import { equipmentKeys } from '../../lib/equipmentKeys';

/**
 * How many equipment are newly available to the user (the badge of manage my products, spec 2 section 2): the
 * customer's recent equipment not on the user's list. 0 while loading or when the call failed.
 */
export function useNewEquipmentCount(): { count: number; isLoading: boolean; refresh(): void } {
  const query = useQuery({
    // Under equipmentKeys.all, so every change of equipment refreshes it.
    queryKey: equipmentKeys.new(),
    queryFn: () => resultOf(client.equipment.listNew({ query: {} })),
  });
  return {
    count: query.data?.length ?? 0,
    isLoading: query.isPending,
    refresh: () => void query.refetch(),
  };
}
