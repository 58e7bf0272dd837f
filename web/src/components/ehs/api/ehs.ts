import { useQuery } from '@tanstack/react-query';
import type { EhsUpdate } from '../../../../../contract/equipment';
import { client, resultOf } from '../../../lib/api';
import { equipmentKeys } from '../../../lib/equipmentKeys';

/** An instrument known only by id, read for its current EHS data. */
export const useEquipmentForEhs = (equipmentId: number) =>
  useQuery({
    queryKey: equipmentKeys.detail(equipmentId),
    queryFn: () => resultOf(client.equipment.detail({ params: { id: equipmentId }, query: {} })),
  });

export const updateEhs = (equipmentId: number, body: EhsUpdate) =>
  resultOf(client.equipment.updateEhs({ params: { equipmentId }, body }));
