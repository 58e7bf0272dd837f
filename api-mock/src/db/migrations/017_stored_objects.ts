import { sql, type Kysely } from 'kysely';

/**
 * Every stored file has one row: granted (an upload URL was signed), receiving, stored (its bytes arrived, with
 * their size and sha256), then registered to one record. The primary key makes a stored key belong to one record
 * at most. Files that records held before this migration are registered as they are (size and hash unknown).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_objects')
    .addColumn('bucket_name', 'varchar(63)', (c) => c.notNull())
    .addColumn('resource_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('max_bytes', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer')
    .addColumn('sha256', 'char(64)')
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('stored_at', 'timestamptz')
    .addColumn('registered_as', 'varchar(32)')
    .addColumn('registered_at', 'timestamptz')
    .addPrimaryKeyConstraint('stored_objects_pk', ['bucket_name', 'resource_key'])
    .addCheckConstraint('stored_objects_state', sql`state in ('granted', 'receiving', 'stored')`)
    .execute();
  await db.schema.createIndex('stored_objects_uploader').on('stored_objects').columns(['uploaded_by']).execute();
  await sql`create index stored_objects_unregistered on stored_objects (granted_at) where registered_as is null`.execute(
    db,
  );

  const register = (kind: string, select: ReturnType<typeof sql>) =>
    sql`insert into stored_objects (bucket_name, resource_key, customer_id, state, max_bytes, registered_as, registered_at)
        select bucket_name, resource_key, customer_id, 'stored', 0, ${kind}, now() from (${select}) existing
        where bucket_name is not null and resource_key is not null
        on conflict do nothing`.execute(db);
  await register('document', sql`select bucket_name, resource_key, customer_id from documents`);
  await register(
    'equipmentImage',
    sql`select bucket_name, image_key as resource_key, customer_id from equipment_images
        union all select bucket_name, thumbnail_key, customer_id from equipment_images`,
  );
  await register(
    'avatar',
    sql`select avatar_bucket_name as bucket_name, avatar_key as resource_key, customer_id from users
        union all select avatar_bucket_name, avatar_thumbnail_key, customer_id from users`,
  );
  await register(
    'serviceRequestAttachment',
    sql`select a.bucket_name, a.resource_key, c.customer_id from service_call_attachments a
        join service_calls c on c.id = a.service_call_id`,
  );
  await register(
    'messageAttachment',
    sql`select 'portal-message' as bucket_name, a.resource_key, m.customer_id from message_attachments a
        join messages m on m.id = a.message_id`,
  );
  await register(
    'customerLogo',
    sql`select 'portal-customer-logo' as bucket_name,
               logo_file_identifier::jsonb ->> 'resourceKey' as resource_key, id as customer_id
        from customers where logo_file_identifier is not null and logo_file_identifier like '{%'`,
  );
}
