/** Add, edit, link and delete equipment (spec 2): what the inventory page and the detail page use. */
export { EquipmentFormDialog, type EquipmentFormDialogProps } from './EquipmentFormDialog';
export { LinkEquipmentDialog, type LinkEquipmentDialogProps } from './LinkEquipmentDialog';
export { DeleteEquipmentAlert, deletesEquipment, type DeleteEquipmentAlertProps } from './DeleteEquipmentAlert';
export { DeleteEquipmentListAlert, type DeleteEquipmentListAlertProps } from './DeleteEquipmentListAlert';
export { useNewEquipmentCount } from './useNewEquipmentCount';
export {
  EQUIPMENT_FIELD_LABEL_KEYS,
  equipmentFieldLabelKey,
  type EquipmentLabelledField,
  type LabelKey,
} from './fieldLabels';
