import { sql, type Kysely } from 'kysely';

/*
 * Work orders (spec 3 "Work-order row"): a service call keeps the instrument and site as they were when the call
 * was made (the order is a record, later edits of the equipment do not rewrite it), the service provider's report
 * (problem, solution, engineer, parts and labour lines, signature) and the requester's details. History holds the
 * completed calls; both tabs are read per customer in their default order from an index, and a generated word
 * vector serves the full-text search as the inventory's does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('service_calls')
    .addColumn('city', 'varchar(100)')
    .addColumn('department', 'varchar(100)')
    .addColumn('cost_center', 'varchar(30)')
    .addColumn('mfg', 'varchar(100)')
    .addColumn('model', 'varchar(100)')
    .addColumn('pki_tag', 'varchar(30)')
    .addColumn('system_id', 'varchar(30)')
    .addColumn('system_nick_name', 'varchar(30)')
    .addColumn('serial', 'varchar(100)')
    .addColumn('dtype', 'varchar(100)')
    .addColumn('building', 'varchar(100)')
    .addColumn('floor', 'varchar(100)')
    .addColumn('asset_id', 'varchar(30)')
    .addColumn('svmx_cse_schedule_date', 'timestamptz')
    .addColumn('work_start_date', 'timestamptz')
    .addColumn('repair_problem', 'varchar(4000)')
    .addColumn('repair_solution', 'varchar(4000)')
    .addColumn('service_engn_name', 'varchar(100)')
    .addColumn('cust_ref_no', 'varchar(40)')
    .addColumn('purchase_order_number', 'varchar(40)')
    .addColumn('report_available', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('signed_by', 'varchar(100)')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('document_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`alter table service_calls add column is_history boolean
    generated always as (date_time_call_complete is not null) stored`.execute(db);
  await sql`alter table service_calls add column search tsvector generated always as (to_tsvector('simple',
    coalesce(service_order_no, '') || ' ' || coalesce(svmx_order_no, '') || ' ' || coalesce(city, '')
    || ' ' || coalesce(department, '') || ' ' || coalesce(cost_center, '') || ' ' || coalesce(mfg, '')
    || ' ' || coalesce(model, '') || ' ' || coalesce(pki_tag, '') || ' ' || coalesce(system_id, '')
    || ' ' || coalesce(system_nick_name, '') || ' ' || coalesce(serial, '') || ' ' || coalesce(job_type, '')
    || ' ' || coalesce(call_status, '') || ' ' || coalesce(asset_id, '') || ' ' || coalesce(contact_name, '')
    || ' ' || coalesce(service_engn_name, '') || ' ' || coalesce(cust_ref_no, '')
    || ' ' || coalesce(purchase_order_number, ''))) stored`.execute(db);
  await sql`create index service_calls_search on service_calls using gin (search)`.execute(db);
  await sql`create index service_calls_scheduled on service_calls (customer_id, start_date, id)
    where not is_history`.execute(db);
  await sql`create index service_calls_history on service_calls (customer_id, date_time_call_complete desc, id)
    where is_history`.execute(db);

  await db.schema
    .createTable('service_call_lines')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('service_call_id', 'integer', (c) => c.notNull().references('service_calls.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('part', 'labour')`))
    .addColumn('part_no', 'varchar(40)')
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('quantity', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('service_call_lines_call').on('service_call_lines').column('service_call_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('may_open_service_reports', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}
