import { customerLabelKeys } from '../../lib/customerLabels';

/** i18n keys of a label: one key, or the customer's own label's key before the generic one. */
export type LabelKey = string | string[];

/**
 * The label of every equipment field, by its API name (the names of the server's field registry, spec 2 section 3).
 * The add/edit form, the inventory grid's column headers and the column chooser all use these keys, so a field is
 * called the same everywhere: `t(equipmentFieldLabelKey('mfg'))`. The asset id and general 1 to 3 show the customer's
 * own label where it has one.
 */
export const EQUIPMENT_FIELD_LABEL_KEYS = {
  equipmentId: 'equipmentForm:field_equipmentId',
  mfg: 'equipmentForm:field_mfg',
  model: 'equipmentForm:field_model',
  dtype: 'equipmentForm:field_dtype',
  serial: 'equipmentForm:field_serial',
  instrumentAge: 'equipmentForm:field_instrumentAge',
  systemId: 'equipmentForm:field_systemId',
  systemNickName: 'equipmentForm:field_systemNickName',
  osGxpFlag: 'equipmentForm:field_osGxpFlag',
  building: 'equipmentForm:field_building',
  floor: 'equipmentForm:field_floor',
  room: 'equipmentForm:field_room',
  department: 'equipmentForm:field_department',
  costCenter: 'equipmentForm:field_costCenter',
  costCenter2: 'equipmentForm:field_costCenter2',
  contactName: 'equipmentForm:field_contactName',
  contactPhone: 'equipmentForm:field_contactPhone',
  contactEmail: 'equipmentForm:field_contactEmail',
  contactMgrName: 'equipmentForm:field_contactMgrName',
  contactMgrPhone: 'equipmentForm:field_contactMgrPhone',
  contactMgrEmail: 'equipmentForm:field_contactMgrEmail',
  financialResponsibilityName: 'equipmentForm:field_financialResponsibilityName',
  financialResponsibilityPhone: 'equipmentForm:field_financialResponsibilityPhone',
  financialResponsibilityEmail: 'equipmentForm:field_financialResponsibilityEmail',
  vendorName: 'equipmentForm:field_vendorName',
  vendorContact: 'equipmentForm:field_vendorContact',
  vendorTel: 'equipmentForm:field_vendorTel',
  vendorEmail: 'equipmentForm:field_vendorEmail',
  instDate: 'equipmentForm:field_instDate',
  oemParts: 'equipmentForm:field_oemParts',
  userGroupId: 'equipmentForm:field_userGroupId',
  productName: 'equipmentForm:field_productName',
  equipStartUpDate: 'equipmentForm:field_equipStartUpDate',
  equipConstrYear: 'equipmentForm:field_equipConstrYear',
  equipConstrMonth: 'equipmentForm:field_equipConstrMonth',
  priorityD: 'equipmentForm:field_priorityD',
  priorityDQA: 'equipmentForm:field_priorityDQA',
  priorityDSafety: 'equipmentForm:field_priorityDSafety',
  safetyCategory: 'equipmentForm:field_safetyCategory',
  mainComponent: 'equipmentForm:field_mainComponent',
  indicatorRecord: 'equipmentForm:field_indicatorRecord',
  productSeries: 'equipmentForm:field_productSeries',
  os: 'equipmentForm:field_os',
  pcApp1: 'equipmentForm:field_pcApp1',
  pcAppv1: 'equipmentForm:field_pcAppv1',
  pcId: 'equipmentForm:field_pcId',
  pcName: 'equipmentForm:field_pcName',
  pcConnectivity: 'equipmentForm:field_pcConnectivity',
  classification: 'equipmentForm:field_classification',
  agConnected: 'equipmentForm:field_agConnected',
  isComputer: 'equipmentForm:field_isComputer',
  comments: 'equipmentForm:field_comments',
  general1: customerLabelKeys('general1', 'equipmentForm:field_general1'),
  general2: customerLabelKeys('general2', 'equipmentForm:field_general2'),
  general3: customerLabelKeys('general3', 'equipmentForm:field_general3'),
  pkiTag: 'equipmentForm:field_pkiTag',
  assetId: customerLabelKeys('assetId', 'equipmentForm:field_assetId'),
  rfidTag: 'equipmentForm:field_rfidTag',
  assetGeniusFlag: 'equipmentForm:field_assetGeniusFlag',
  custSysId: 'equipmentForm:field_custSysId',
  contractCategroy: 'equipmentForm:field_contractCategroy',
  status: 'equipmentForm:field_status',
  dataSourceId: 'equipmentForm:field_dataSourceId',
  documentCount: 'equipmentForm:field_documentCount',
  changedByCust: 'equipmentForm:field_changedByCust',
  changedOnCust: 'equipmentForm:field_changedOnCust',
  partNumber: 'equipmentForm:field_partNumber',
  'location.city': 'equipmentForm:field_location_city',
  'location.siteAddress': 'equipmentForm:field_location_siteAddress',
  nextCalibrationDue: 'equipmentForm:field_nextCalibrationDue',
  nextMaintenanceDue: 'equipmentForm:field_nextMaintenanceDue',
} as const;

export type EquipmentLabelledField = keyof typeof EQUIPMENT_FIELD_LABEL_KEYS;

/** The i18n key of a field's label; undefined for a name that is not an equipment field. */
export function equipmentFieldLabelKey(field: string): LabelKey | undefined {
  return Object.hasOwn(EQUIPMENT_FIELD_LABEL_KEYS, field)
    ? EQUIPMENT_FIELD_LABEL_KEYS[field as EquipmentLabelledField]
    : undefined;
}
