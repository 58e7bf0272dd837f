import { sql, type Kysely } from 'kysely';

/**
 * Reservations of the calendar (spec 3 sections 2 to 7) and what the calendar shows of service orders: their type
 * (the sidebar's service-order-type ids) and when the work ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reservations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('equipment_id', 'integer', (c) => c.notNull().references('equipment.id').onDelete('cascade'))
    .addColumn('reserved_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_date', 'timestamptz', (c) => c.notNull())
    .addColumn('end_date', 'timestamptz', (c) => c.notNull())
    .addColumn('comments', 'varchar(250)')
    .addColumn('series_id', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('reservations_end_after_start', sql`end_date > start_date`)
    .execute();
  await db.schema
    .createIndex('reservations_equipment_period')
    .on('reservations')
    .columns(['equipment_id', 'start_date', 'end_date'])
    .execute();
  await db.schema
    .createIndex('reservations_customer_period')
    .on('reservations')
    .columns(['customer_id', 'start_date'])
    .execute();
  await db.schema.createIndex('reservations_reserved_by').on('reservations').column('reserved_by').execute();
  await db.schema.createIndex('reservations_series').on('reservations').column('series_id').execute();

  await db.schema
    .alterTable('service_calls')
    .addColumn('service_call_type', 'smallint')
    .addColumn('end_date', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('service_calls_equipment_start')
    .on('service_calls')
    .columns(['equipment_id', 'start_date'])
    .execute();
}
