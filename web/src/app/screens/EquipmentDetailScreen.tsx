import { EquipmentDetailPage } from '../../features/equipmentDetail/EquipmentDetailPage';
import { EquipmentFormDialog, equipmentFieldLabelKey } from '../../features/inventory/equipmentForm';
import { ImageViewerDialog } from '../../features/inventory/images/ImageViewerDialog';
import { ServiceRequestDialog } from '../../features/inventory/serviceRequest/ServiceRequestDialog';

const PARTS = { ServiceRequestDialog, EquipmentFormDialog, ImageViewerDialog, fieldLabelKey: equipmentFieldLabelKey };

/** The instrument page with the inventory's dialogs it opens: one lazily loaded screen. */
export function EquipmentDetailScreen() {
  return <EquipmentDetailPage parts={PARTS} />;
}
