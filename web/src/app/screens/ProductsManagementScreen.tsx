import { equipmentFieldLabelKey } from '../../components/equipmentForm';
import { ImageViewerDialog } from '../../components/images/ImageViewerDialog';
import { ProductsManagementPage } from '../../features/productsManagement/ProductsManagementPage';

const PARTS = { ImageViewerDialog, fieldLabelKey: equipmentFieldLabelKey };

/** Products management with the inventory's image viewer and field labels: one lazily loaded screen. */
export function ProductsManagementScreen() {
  return <ProductsManagementPage parts={PARTS} />;
}
