import { sql, type Kysely } from 'kysely';

/** Notifications of a user in a customer, and the stored files attached to them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) =>
      c.notNull().check(sql`category in ('serviceRequest', 'feedback', 'system')`),
    )
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // The inbox: one user's live messages in one customer, newest first.
  await db.schema
    .createIndex('messages_inbox')
    .on('messages')
    .columns(['user_id', 'customer_id', 'created_at desc'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('message_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('resource_key', 'varchar(1024)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_attachments_message').on('message_attachments').column('message_id').execute();
}
