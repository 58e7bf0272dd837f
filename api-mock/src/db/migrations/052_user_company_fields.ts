import type { Kysely } from 'kysely';

/**
 * A user's own company fields (spec 3 section 5 "Profile edit": company 60, address 200, state 30, zip 30), copied
 * from the chosen location and editable in the profile; null shows the location's value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('company_name', 'varchar(60)')
    .addColumn('address', 'varchar(200)')
    .addColumn('state', 'varchar(30)')
    .addColumn('zip', 'varchar(30)')
    .execute();
}
