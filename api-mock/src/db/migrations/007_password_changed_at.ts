import type { Kysely } from 'kysely';

/** When the user last changed their password (shown on the change-password page); null until they do. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_changed_at', 'timestamptz').execute();
}
