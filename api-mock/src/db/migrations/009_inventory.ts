import { sql, type Kysely } from 'kysely';

/**
 * The inventory: every field of the equipment entity (spec 2 section 3), the user's list of equipment, images,
 * documents with versions, and service requests (work orders). A generated tsvector column and its GIN index
 * serve the full-text search of the grids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = (name: string, length: number) =>
    db.schema.alterTable('equipment').addColumn(name, `varchar(${length})`).execute();
  const typed = (name: string, type: 'boolean' | 'date' | 'smallint' | 'timestamptz') =>
    db.schema.alterTable('equipment').addColumn(name, type).execute();

  await sql`alter table equipment alter column serial drop not null`.execute(db);
  for (const [name, length] of [
    ['cost_center', 30],
    ['cost_center2', 30],
    ['contact_name', 80],
    ['contact_phone', 40],
    ['contact_email', 241],
    ['contact_mgr_name', 80],
    ['contact_mgr_phone', 40],
    ['contact_mgr_email', 241],
    ['financial_responsibility_name', 40],
    ['financial_responsibility_phone', 30],
    ['financial_responsibility_email', 30],
    ['vendor_name', 30],
    ['vendor_contact', 100],
    ['vendor_tel', 30],
    ['vendor_email', 50],
    ['oem_parts', 40],
    ['user_group_id', 40],
    ['product_name', 40],
    ['priority_d', 40],
    ['priority_dqa', 40],
    ['priority_dsafety', 40],
    ['safety_category', 30],
    ['product_series', 40],
    ['os', 30],
    ['pc_app1', 40],
    ['pc_appv1', 40],
    ['pc_id', 40],
    ['pc_name', 40],
    ['pc_connectivity', 40],
    ['classification', 40],
    ['comments', 1000],
    ['general1', 30],
    ['general2', 30],
    ['general3', 30],
    ['pki_tag', 30],
    ['asset_id', 30],
    ['rfid_tag', 30],
    ['cust_sys_id', 30],
    ['contract_category', 40],
    ['changed_by_cust', 61],
    ['part_number', 40],
    ['large_image_url', 2000],
    ['machine_guarding', 40],
    ['energy_hazard', 500],
    ['lock_tag_out', 40],
    ['chemical_hazards', 500],
    ['biosafety_hazards', 500],
    ['radiological_hazards', 500],
    ['ehs_last_changed_by', 61],
  ] as const) {
    await text(name, length);
  }
  for (const [name, type] of [
    ['os_gxp_flag', 'boolean'],
    ['main_component', 'boolean'],
    ['indicator_record', 'boolean'],
    ['ag_connected', 'boolean'],
    ['is_computer', 'boolean'],
    ['asset_genius_flag', 'boolean'],
    ['locked', 'boolean'],
    ['equip_start_up_date', 'date'],
    ['equip_constr_year', 'smallint'],
    ['equip_constr_month', 'smallint'],
    ['changed_on_cust', 'timestamptz'],
    ['ehs_last_changed_on', 'timestamptz'],
  ] as const) {
    await typed(name, type);
  }
  await db.schema
    .alterTable('equipment')
    .addColumn('document_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('equipment')
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`alter table equipment add column search tsvector generated always as (to_tsvector('simple',
    coalesce(mfg, '') || ' ' || coalesce(model, '') || ' ' || coalesce(serial, '') || ' ' || coalesce(dtype, '')
    || ' ' || coalesce(system_id, '') || ' ' || coalesce(system_nick_name, '') || ' ' || coalesce(pki_tag, '')
    || ' ' || coalesce(asset_id, '') || ' ' || coalesce(building, '') || ' ' || coalesce(room, '')
    || ' ' || coalesce(department, '') || ' ' || coalesce(contact_name, '') || ' ' || coalesce(contact_mgr_name, '')
    || ' ' || coalesce(cost_center, '') || ' ' || coalesce(product_name, ''))) stored`.execute(db);
  await sql`create index equipment_search on equipment using gin (search)`.execute(db);
  await sql`create index equipment_customer_serial on equipment (customer_id, serial)`.execute(db);
  await sql`create index equipment_customer_location on equipment (customer_id, location_id)`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('has_linked_equipment', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // The user's own list of equipment ("My products"): linked by hand, removed without deleting the equipment.
  await db.schema
    .createTable('user_equipment')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_equipment_pk', ['user_id', 'equipment_id'])
    .execute();
  await db.schema.createIndex('user_equipment_equipment').on('user_equipment').column('equipment_id').execute();

  await db.schema
    .createTable('equipment_images')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('bucket_name', 'varchar(63)', (c) => c.notNull())
    .addColumn('image_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('equipment_images_equipment').on('equipment_images').column('equipment_id').execute();
  await sql`create unique index equipment_images_one_default on equipment_images (equipment_id) where is_default`.execute(
    db,
  );

  // A document is a chain of versions sharing document_group_id; the newest version is the document.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('owner_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('document_group_id', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('document_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('bucket_name', 'varchar(63)', (c) => c.notNull())
    .addColumn('resource_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id'))
    .addColumn('user_name', 'varchar(61)', (c) => c.notNull())
    .addColumn('upload_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('documents_owner')
    .on('documents')
    .columns(['customer_id', 'owner_type', 'owner_id'])
    .execute();
  await db.schema.createIndex('documents_group').on('documents').column('document_group_id').execute();

  // Service requests raised in the portal; the work-order screens read them as service calls.
  await db.schema
    .createTable('service_calls')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('equipment_id', 'integer', (c) => c.references('equipment.id').onDelete('set null'))
    .addColumn('service_order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('svmx_order_no', 'varchar(40)')
    .addColumn('job_type', 'varchar(40)')
    .addColumn('call_status', 'varchar(40)', (c) => c.notNull())
    .addColumn('issue_type', 'varchar(50)')
    .addColumn('priority', 'smallint')
    .addColumn('issue_text', 'varchar(4000)')
    .addColumn('request_email', 'varchar(2000)')
    .addColumn('contact_name', 'varchar(61)')
    .addColumn('email', 'varchar(241)')
    .addColumn('office_phone', 'varchar(20)')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id'))
    .addColumn('request_for_user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('start_date', 'timestamptz')
    .addColumn('date_time_call_received', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('date_time_call_complete', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('service_calls_customer')
    .on('service_calls')
    .columns(['customer_id', 'equipment_id'])
    .execute();

  await db.schema
    .createTable('service_call_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('service_call_id', 'integer', (c) => c.notNull().references('service_calls.id').onDelete('cascade'))
    .addColumn('bucket_name', 'varchar(63)', (c) => c.notNull())
    .addColumn('resource_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
}
