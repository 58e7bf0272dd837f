import type { EquipmentImage, ImageChanges } from '../../../../../contract/images';
import { client, resultOf } from '../../../lib/api';

/** Register uploaded images of an instrument and remove others (PUT Equipment/{id}/images). */
export const updateImages = (equipmentId: number, body: ImageChanges) =>
  resultOf(client.equipment.updateImages({ params: { id: equipmentId }, body, silent: true }));

/** Make an image the instrument's default. */
export const setDefaultImage = (equipmentId: number, resourceId: EquipmentImage['resourceId']) =>
  resultOf(client.equipment.setDefaultImage({ params: { id: equipmentId }, body: { resourceId }, silent: true }));
