import { EQUIPMENT_LIST_FIELDS, type EquipmentListField } from '../../../contract/equipment';
import type { OrderSetting } from '../../../contract/listQuery';
import type { ListFields } from '../lib/listQuerySql';

/** The SQL column of every equipment grid field (the fields and their kinds are the contract's). */
const COLUMNS: Record<EquipmentListField, string> = {
  equipmentId: 'equipment.id',
  mfg: 'equipment.mfg',
  model: 'equipment.model',
  dtype: 'equipment.dtype',
  serial: 'equipment.serial',
  systemId: 'equipment.system_id',
  systemNickName: 'equipment.system_nick_name',
  osGxpFlag: 'equipment.os_gxp_flag',
  building: 'equipment.building',
  floor: 'equipment.floor',
  room: 'equipment.room',
  department: 'equipment.department',
  costCenter: 'equipment.cost_center',
  costCenter2: 'equipment.cost_center2',
  contactName: 'equipment.contact_name',
  contactPhone: 'equipment.contact_phone',
  contactEmail: 'equipment.contact_email',
  contactMgrName: 'equipment.contact_mgr_name',
  contactMgrPhone: 'equipment.contact_mgr_phone',
  contactMgrEmail: 'equipment.contact_mgr_email',
  financialResponsibilityName: 'equipment.financial_responsibility_name',
  financialResponsibilityPhone: 'equipment.financial_responsibility_phone',
  financialResponsibilityEmail: 'equipment.financial_responsibility_email',
  vendorName: 'equipment.vendor_name',
  vendorContact: 'equipment.vendor_contact',
  vendorTel: 'equipment.vendor_tel',
  vendorEmail: 'equipment.vendor_email',
  instDate: 'equipment.inst_date',
  oemParts: 'equipment.oem_parts',
  userGroupId: 'equipment.user_group_id',
  productName: 'equipment.product_name',
  equipStartUpDate: 'equipment.equip_start_up_date',
  equipConstrYear: 'equipment.equip_constr_year',
  equipConstrMonth: 'equipment.equip_constr_month',
  priorityD: 'equipment.priority_d',
  priorityDQA: 'equipment.priority_dqa',
  priorityDSafety: 'equipment.priority_dsafety',
  safetyCategory: 'equipment.safety_category',
  mainComponent: 'equipment.main_component',
  indicatorRecord: 'equipment.indicator_record',
  productSeries: 'equipment.product_series',
  os: 'equipment.os',
  pcApp1: 'equipment.pc_app1',
  pcAppv1: 'equipment.pc_appv1',
  pcId: 'equipment.pc_id',
  pcName: 'equipment.pc_name',
  pcConnectivity: 'equipment.pc_connectivity',
  classification: 'equipment.classification',
  agConnected: 'equipment.ag_connected',
  isComputer: 'equipment.is_computer',
  comments: 'equipment.comments',
  general1: 'equipment.general1',
  general2: 'equipment.general2',
  general3: 'equipment.general3',
  pkiTag: 'equipment.pki_tag',
  assetId: 'equipment.asset_id',
  rfidTag: 'equipment.rfid_tag',
  assetGeniusFlag: 'equipment.asset_genius_flag',
  custSysId: 'equipment.cust_sys_id',
  contractCategroy: 'equipment.contract_category',
  status: 'equipment.status',
  dataSourceId: 'equipment.data_source_id',
  documentCount: 'equipment.document_count',
  changedByCust: 'equipment.changed_by_cust',
  changedOnCust: 'equipment.changed_on_cust',
  partNumber: 'equipment.part_number',
  'location.city': 'locations.city',
  'location.siteAddress': 'locations.site_address',
  nextCalibrationDue: 'equipment.next_calibration_due',
  nextMaintenanceDue: 'equipment.next_maintenance_due',
};

/** The whitelist of the equipment grids: API field name -> SQL column and type. */
export const EQUIPMENT_FIELDS: ListFields = Object.freeze(
  Object.fromEntries(
    (Object.keys(COLUMNS) as EquipmentListField[]).map((api) => [
      api,
      { column: COLUMNS[api], type: EQUIPMENT_LIST_FIELDS[api] },
    ]),
  ),
);

/** API names of the fields, in the order of the entity (the grid's default column order). */
export const EQUIPMENT_FIELD_NAMES: readonly string[] = Object.keys(COLUMNS);

/** Fields whose suggestions are not a checklist of values but a range (numbers and dates). */
export const isRangeField = (name: string) => {
  const type = EQUIPMENT_FIELDS[name]?.type;
  return type === 'number' || type === 'date';
};

/**
 * Equipment columns with an index on (customer_id, column) (migration 011): their filter suggestions walk the index
 * from one distinct value to the next. Frozen here because a migration uses it; add a migration to change it.
 */
export const SKIP_SCAN_COLUMNS = [
  'mfg',
  'model',
  'dtype',
  'system_id',
  'system_nick_name',
  'pki_tag',
  'building',
  'floor',
  'room',
  'department',
  'contact_name',
  'cost_center',
  'classification',
  'status',
] as const;

/**
 * The other equipment columns a grid filters by a checklist, each with an index on (customer_id, column) (migration
 * 034). Frozen here because a migration uses it; add a migration to change it.
 */
export const SUGGESTION_INDEXED_COLUMNS = [
  'os_gxp_flag',
  'cost_center2',
  'contact_phone',
  'contact_email',
  'contact_mgr_name',
  'contact_mgr_phone',
  'contact_mgr_email',
  'financial_responsibility_name',
  'financial_responsibility_phone',
  'financial_responsibility_email',
  'vendor_name',
  'vendor_contact',
  'vendor_tel',
  'vendor_email',
  'oem_parts',
  'user_group_id',
  'product_name',
  'priority_d',
  'priority_dqa',
  'priority_dsafety',
  'safety_category',
  'main_component',
  'indicator_record',
  'product_series',
  'os',
  'pc_app1',
  'pc_appv1',
  'pc_id',
  'pc_name',
  'pc_connectivity',
  'ag_connected',
  'is_computer',
  'general1',
  'general2',
  'general3',
  'asset_id',
  'rfid_tag',
  'asset_genius_flag',
  'cust_sys_id',
  'contract_category',
  'changed_by_cust',
  'part_number',
] as const;

/** Every equipment column with an index on (customer_id, column, id), blanks first (migrations 038, 039 and 054). */
export const CUSTOMER_INDEXED_COLUMNS: readonly string[] = [
  ...SKIP_SCAN_COLUMNS,
  ...SUGGESTION_INDEXED_COLUMNS,
  'serial',
  // migration 054
  'next_calibration_due',
  'next_maintenance_due',
];

/** Characters of the comments (up to 1,000) their index holds (migration 034): at most 4 bytes each. */
export const COMMENTS_PREFIX = 500;

/**
 * How a field's suggestions walk an index: every checklist column (text and yes/no) of the equipment has one led by
 * the customer (the comments on a prefix), and the locations are few; numbers and dates filter by a range.
 */
export function equipmentWalk(name: string): { walksIndex: boolean; prefix?: number; nullsFirst?: boolean } {
  const field = EQUIPMENT_FIELDS[name];
  if (!field || (field.type !== 'text' && field.type !== 'boolean')) return { walksIndex: false };
  if (field.column.startsWith('locations.')) return { walksIndex: true };
  const column = field.column.replace('equipment.', '');
  if (column === 'comments') return { walksIndex: true, prefix: COMMENTS_PREFIX };
  return CUSTOMER_INDEXED_COLUMNS.includes(column) ? { walksIndex: true, nullsFirst: true } : { walksIndex: false };
}

/** Columns sorted together with another: sorting by contract category also sorts by contract status (spec 1 s5). */
const SORTED_WITH: Readonly<Partial<Record<EquipmentListField, EquipmentListField>>> = { contractCategroy: 'status' };

/**
 * The sort of an equipment list as run: each column followed by the one sorted with it, in the same direction,
 * unless the list sorts by that one itself. The index on (customer, contract category, status, id) serves it.
 */
export function equipmentOrder(orders: readonly OrderSetting[]): OrderSetting[] {
  return orders.flatMap((o) => {
    const companion = SORTED_WITH[o.field as EquipmentListField];
    const sortedAlready = companion === undefined || orders.some((other) => other.field === companion);
    return sortedAlready ? [o] : [o, { field: companion, orderType: o.orderType }];
  });
}
