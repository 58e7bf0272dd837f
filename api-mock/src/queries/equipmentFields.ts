import type { FieldType, ListFields } from '../lib/listQuerySql';

/**
 * Every equipment field a grid may show, filter, sort, export or import: API name -> SQL column and type.
 * The one place the API names of spec 2 section 3 meet the columns of migration 009.
 */
const fields: [api: string, column: string, type: FieldType][] = [
  ['equipmentId', 'equipment.id', 'number'],
  ['mfg', 'equipment.mfg', 'text'],
  ['model', 'equipment.model', 'text'],
  ['dtype', 'equipment.dtype', 'text'],
  ['serial', 'equipment.serial', 'text'],
  ['systemId', 'equipment.system_id', 'text'],
  ['systemNickName', 'equipment.system_nick_name', 'text'],
  ['osGxpFlag', 'equipment.os_gxp_flag', 'boolean'],
  ['building', 'equipment.building', 'text'],
  ['floor', 'equipment.floor', 'text'],
  ['room', 'equipment.room', 'text'],
  ['department', 'equipment.department', 'text'],
  ['costCenter', 'equipment.cost_center', 'text'],
  ['costCenter2', 'equipment.cost_center2', 'text'],
  ['contactName', 'equipment.contact_name', 'text'],
  ['contactPhone', 'equipment.contact_phone', 'text'],
  ['contactEmail', 'equipment.contact_email', 'text'],
  ['contactMgrName', 'equipment.contact_mgr_name', 'text'],
  ['contactMgrPhone', 'equipment.contact_mgr_phone', 'text'],
  ['contactMgrEmail', 'equipment.contact_mgr_email', 'text'],
  ['financialResponsibilityName', 'equipment.financial_responsibility_name', 'text'],
  ['financialResponsibilityPhone', 'equipment.financial_responsibility_phone', 'text'],
  ['financialResponsibilityEmail', 'equipment.financial_responsibility_email', 'text'],
  ['vendorName', 'equipment.vendor_name', 'text'],
  ['vendorContact', 'equipment.vendor_contact', 'text'],
  ['vendorTel', 'equipment.vendor_tel', 'text'],
  ['vendorEmail', 'equipment.vendor_email', 'text'],
  ['instDate', 'equipment.inst_date', 'date'],
  ['oemParts', 'equipment.oem_parts', 'text'],
  ['userGroupId', 'equipment.user_group_id', 'text'],
  ['productName', 'equipment.product_name', 'text'],
  ['equipStartUpDate', 'equipment.equip_start_up_date', 'date'],
  ['equipConstrYear', 'equipment.equip_constr_year', 'number'],
  ['equipConstrMonth', 'equipment.equip_constr_month', 'number'],
  ['priorityD', 'equipment.priority_d', 'text'],
  ['priorityDQA', 'equipment.priority_dqa', 'text'],
  ['priorityDSafety', 'equipment.priority_dsafety', 'text'],
  ['safetyCategory', 'equipment.safety_category', 'text'],
  ['mainComponent', 'equipment.main_component', 'boolean'],
  ['indicatorRecord', 'equipment.indicator_record', 'boolean'],
  ['productSeries', 'equipment.product_series', 'text'],
  ['os', 'equipment.os', 'text'],
  ['pcApp1', 'equipment.pc_app1', 'text'],
  ['pcAppv1', 'equipment.pc_appv1', 'text'],
  ['pcId', 'equipment.pc_id', 'text'],
  ['pcName', 'equipment.pc_name', 'text'],
  ['pcConnectivity', 'equipment.pc_connectivity', 'text'],
  ['classification', 'equipment.classification', 'text'],
  ['agConnected', 'equipment.ag_connected', 'boolean'],
  ['isComputer', 'equipment.is_computer', 'boolean'],
  ['comments', 'equipment.comments', 'text'],
  ['general1', 'equipment.general1', 'text'],
  ['general2', 'equipment.general2', 'text'],
  ['general3', 'equipment.general3', 'text'],
  ['pkiTag', 'equipment.pki_tag', 'text'],
  ['assetId', 'equipment.asset_id', 'text'],
  ['rfidTag', 'equipment.rfid_tag', 'text'],
  ['assetGeniusFlag', 'equipment.asset_genius_flag', 'boolean'],
  ['custSysId', 'equipment.cust_sys_id', 'text'],
  ['contractCategroy', 'equipment.contract_category', 'text'],
  ['status', 'equipment.status', 'text'],
  ['dataSourceId', 'equipment.data_source_id', 'number'],
  ['documentCount', 'equipment.document_count', 'number'],
  ['changedByCust', 'equipment.changed_by_cust', 'text'],
  ['changedOnCust', 'equipment.changed_on_cust', 'date'],
  ['partNumber', 'equipment.part_number', 'text'],
  ['location.city', 'locations.city', 'text'],
  ['location.siteAddress', 'locations.site_address', 'text'],
];

export const EQUIPMENT_FIELDS: ListFields = Object.freeze(
  Object.fromEntries(fields.map(([api, column, type]) => [api, { column, type }])),
);

/** API names of the fields, in the order of the entity (the grid's default column order). */
export const EQUIPMENT_FIELD_NAMES: readonly string[] = fields.map(([api]) => api);

/** Fields whose suggestions are not a checklist of values but a range (numbers and dates). */
export const isRangeField = (name: string) => {
  const type = EQUIPMENT_FIELDS[name]?.type;
  return type === 'number' || type === 'date';
};
