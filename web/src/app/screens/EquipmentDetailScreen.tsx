import { EquipmentDetailPage } from '../../features/equipmentDetail/EquipmentDetailPage';
import { EquipmentFormDialog, equipmentFieldLabelKey } from '../../components/equipmentForm';
import { ImageViewerDialog } from '../../components/images/ImageViewerDialog';
import { ServiceRequestDialog } from '../../components/serviceRequest/ServiceRequestDialog';

const PARTS = { ServiceRequestDialog, EquipmentFormDialog, ImageViewerDialog, fieldLabelKey: equipmentFieldLabelKey };

/** The instrument page with the inventory's dialogs it opens: one lazily loaded screen. */
export function EquipmentDetailScreen() {
  return <EquipmentDetailPage parts={PARTS} />;
}
