import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_folder', 'varchar(100)', (c) => c.notNull())
    .addColumn('encrypted_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email_domain', 'varchar(100)', (c) => c.notNull())
    .addColumn('customer_identifier', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('is_product_adding_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('logo_file_identifier', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('site_address', 'varchar(200)')
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('locations_customer').on('locations').column('customer_id').execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('location_id', 'integer', (c) => c.references('locations.id'))
    .addColumn('email', 'varchar(241)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('role', 'smallint', (c) => c.notNull().check(sql`role between 1 and 3`))
    .addColumn('is_pe_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('language_code', 'varchar(10)')
    .addColumn('office_phone', 'varchar(20)')
    .addColumn('status_code', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_customer').on('users').column('customer_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('email', 'varchar(241)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('customer_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('entity_type', 'varchar(60)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_entity').on('events').columns(['entity_type', 'entity_id']).execute();
  await db.schema.createIndex('events_customer_time').on('events').columns(['customer_id', 'time']).execute();

  await db.schema
    .createTable('equipment')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id'))
    .addColumn('mfg', 'varchar(100)', (c) => c.notNull())
    .addColumn('model', 'varchar(100)', (c) => c.notNull())
    .addColumn('serial', 'varchar(100)', (c) => c.notNull())
    .addColumn('dtype', 'varchar(100)')
    .addColumn('system_id', 'varchar(30)')
    .addColumn('system_nick_name', 'varchar(30)')
    .addColumn('building', 'varchar(100)')
    .addColumn('floor', 'varchar(100)')
    .addColumn('room', 'varchar(100)')
    .addColumn('department', 'varchar(100)')
    .addColumn('inst_date', 'date')
    .addColumn('status', 'varchar(20)')
    .addColumn('data_source_id', 'smallint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('equipment_customer').on('equipment').columns(['customer_id', 'id']).execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('vendor_contract_id', 'varchar(30)', (c) => c.notNull())
    .addColumn('po_number', 'varchar(40)')
    .addColumn('contract_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'varchar(100)')
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('contract_expiry', 'date', (c) => c.notNull())
    .addColumn('billing_status', 'varchar(10)')
    .addColumn('is_pe_contract', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('contracts_customer').on('contracts').column('customer_id').execute();

  await db.schema
    .createTable('equipment_contracts')
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('equipment_contracts_pk', ['equipment_id', 'contract_id'])
    .execute();
  await db.schema.createIndex('equipment_contracts_contract').on('equipment_contracts').column('contract_id').execute();
}
