import { sql, type Kysely } from 'kysely';

const SUGGESTION_INDEXED_COLUMNS = [
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
];
const COMMENTS_PREFIX = 500;

/**
 * An index per customer and column for every other column a grid filters by a checklist (migration 011 has the
 * first fourteen), so the filter suggestions of any column step along an index from one distinct value to the next
 * instead of reading every instrument of the customer. Comments (up to 1,000 characters, more than a btree entry
 * holds) are indexed on their first characters. Low-cardinality and mostly empty columns make small indexes: a
 * btree keeps one entry per repeated value (deduplication).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SUGGESTION_INDEXED_COLUMNS) {
    await sql`create index if not exists ${sql.id(`equipment_customer_${column}`)}
      on equipment (customer_id, ${sql.id(column)})`.execute(db);
  }
  await sql`create index if not exists equipment_customer_comments
    on equipment (customer_id, left(comments, ${sql.lit(COMMENTS_PREFIX)}))`.execute(db);
}
