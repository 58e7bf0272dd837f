import { useQuery } from '@tanstack/react-query';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/**
 * GET Equipment/{id} with its EHS data and the other components of its system. Silent: the page says what went
 * wrong (and hands session errors over to the app).
 */
export function useEquipmentDetail(equipmentId: number | null) {
  return useQuery({
    // Under equipmentKeys.all, so every save of equipment (the edit form invalidates it) reloads the page too.
    queryKey: equipmentKeys.detail(equipmentId ?? 0),
    queryFn: () =>
      resultOf(
        client.equipment.detail({ params: { id: equipmentId! }, query: { otherComponent: true }, silent: true }),
      ),
    enabled: equipmentId !== null,
  });
}
