import type { Kysely } from 'kysely';

/** Profile fields of the account screen (spec 3 section 3 "User detail"): department and job title. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('department', 'varchar(60)')
    .addColumn('job_title', 'varchar(80)')
    .execute();
}
