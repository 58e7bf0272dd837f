import type { Kysely } from 'kysely';

/**
 * The user's avatar (spec 3 sections 2 and 5): where the image and its 64 px thumbnail are kept in storage. The
 * keys are unique, so no two users can share one stored file (and deleting one user's old avatar never takes
 * another's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('avatar_bucket_name', 'varchar(63)')
    .addColumn('avatar_key', 'varchar(1024)')
    .addColumn('avatar_thumbnail_key', 'varchar(1024)')
    .execute();
  await db.schema.createIndex('users_avatar_key_unique').on('users').column('avatar_key').unique().execute();
  await db.schema
    .createIndex('users_avatar_thumbnail_key_unique')
    .on('users')
    .column('avatar_thumbnail_key')
    .unique()
    .execute();
}
