import { sql, type Kysely } from 'kysely';

/**
 * A customer's own names for the asset id and the general fields 1 to 3 (spec 1 section 3 "Customer"); null shows
 * the generic label. The checks repeat the contract's limit so no other writer can store a longer name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['customize_asset_id', 'customize_general1', 'customize_general2', 'customize_general3']) {
    await sql`alter table customers add column if not exists ${sql.ref(column)} text
      constraint ${sql.ref(`customers_${column}_length`)} check (char_length(${sql.ref(column)}) between 1 and 30)`.execute(
      db,
    );
  }
}
