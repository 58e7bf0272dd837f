import { sql, type Kysely } from 'kysely';

const WORK_ORDER_INDEXED_COLUMNS = [
  'svmx_order_no',
  'service_order_no',
  'city',
  'department',
  'cost_center',
  'mfg',
  'model',
  'pki_tag',
  'system_id',
  'system_nick_name',
  'serial',
  'job_type',
  'call_status',
  'svmx_cse_schedule_date',
  'date_time_call_received',
  'start_date',
  'work_start_date',
  'date_time_call_complete',
  'asset_id',
  'contact_name',
  'email',
  'office_phone',
  'dtype',
  'building',
  'floor',
  'service_engn_name',
  'cust_ref_no',
  'equipment_id',
  'purchase_order_number',
  'document_count',
];

/**
 * One index per customer, tab and column of the work-order grid (but the long free texts), so the filter
 * suggestions of a column step from one distinct value to the next along the index instead of reading every order
 * of the customer. Duplicates are stored once (btree deduplication), so the many columns of few values stay small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of WORK_ORDER_INDEXED_COLUMNS) {
    await sql`create index ${sql.id(`service_calls_filter_${column}`)}
      on service_calls (customer_id, is_history, ${sql.id(column)})`.execute(db);
  }
}
