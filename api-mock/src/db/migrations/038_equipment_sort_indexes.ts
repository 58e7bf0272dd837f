import { sql, type Kysely } from 'kysely';

const CUSTOMER_INDEXED_COLUMNS = [
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
  'serial',
];

/**
 * The per-customer column indexes (migrations 009, 011 and 034) hold blanks first, as a list sorts them (ascending
 * with nulls first, descending with nulls last, read backwards): a page sorted by a column then reads its rows along
 * the index instead of sorting every instrument of the list. The filter suggestions walk them the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of CUSTOMER_INDEXED_COLUMNS) {
    const name = sql.id(`equipment_customer_${column}`);
    await sql`drop index if exists ${name}`.execute(db);
    await sql`create index ${name} on equipment (customer_id, ${sql.id(column)} nulls first)`.execute(db);
  }
}
