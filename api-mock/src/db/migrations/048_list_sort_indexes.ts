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

/** The user-list columns a page may be sorted by (the city and the customer's name are another table's). */
const USER_SORT_COLUMNS = [
  'display_name',
  'first_name',
  'last_name',
  'email',
  'job_title',
  'department',
  'role',
  'office_phone',
  'status_code',
  'current_login_time',
];

/**
 * Sorted pages of a broad list are read along an index in the list's order (ascending with blanks first, descending
 * with blanks last read backwards, the id breaking ties the same way), as the inventory's are since migrations 038
 * and 039:
 * - the work-order column indexes (migration 019) held blanks last and no id, so no sorted page could walk them and a
 *   page without a word sorted every order of the tab; they now hold blanks first and the id, and serve the tabs'
 *   default orders too, so the two indexes of those orders (migration 018, with blanks and the id the other way) go;
 * - the user list had an index for the display name only (blanks last): every other sort read all the customer's
 *   users; each sortable column now has one, of the users not removed, per customer and active or not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of WORK_ORDER_INDEXED_COLUMNS) {
    const name = sql.id(`service_calls_filter_${column}`);
    await sql`drop index if exists ${name}`.execute(db);
    await sql`create index ${name} on service_calls (customer_id, is_history, ${sql.id(column)} nulls first, id)`.execute(
      db,
    );
  }
  await sql`drop index if exists service_calls_scheduled`.execute(db);
  await sql`drop index if exists service_calls_history`.execute(db);

  await sql`drop index if exists users_list`.execute(db);
  for (const column of USER_SORT_COLUMNS) {
    await sql`create index if not exists ${sql.id(`users_sort_${column}`)}
      on users (customer_id, is_active, ${sql.id(column)} nulls first, id) where deleted_at is null`.execute(db);
  }
}
