import { sql, type Kysely } from 'kysely';

/** Saved views and settings, customer switching, location address fields and the system notice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('preferences')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('preference_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('category', 'varchar(60)')
    .addColumn('share_scope', 'varchar(10)', (c) => c.notNull().check(sql`share_scope in ('private', 'public')`))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('preferences_customer_key')
    .on('preferences')
    .columns(['customer_id', 'preference_key'])
    .execute();
  // At most one default per user, customer and key: the database keeps the rule even under concurrent calls.
  await sql`create unique index preferences_one_default on preferences (user_id, customer_id, preference_key)
    where is_default`.execute(db);

  await db.schema
    .createTable('hidden_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('preference_id', 'integer', (c) => c.notNull().references('preferences.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('hidden_preferences_pk', ['user_id', 'preference_id'])
    .execute();

  await db.schema
    .createTable('customer_switch_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('switched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('customer_switch_history_user')
    .on('customer_switch_history')
    .columns(['user_id', 'switched_at'])
    .execute();

  await db.schema
    .alterTable('customers')
    .addColumn('has_asset_genius_site', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema.alterTable('locations').addColumn('state', 'varchar(30)').execute();
  await db.schema.alterTable('locations').addColumn('zip', 'varchar(30)').execute();

  await db.schema
    .createTable('system_notification')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('message', 'varchar(2000)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}
