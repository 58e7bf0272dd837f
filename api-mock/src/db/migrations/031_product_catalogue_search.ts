import { sql, type Kysely } from 'kysely';

/**
 * The catalogue grid of "Import product info" (spec 3) filters by free text on the part number: a trigram index
 * answers `part_number ilike '%…%'` without reading every row. The create time and meta description were in 024.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index product_market_info_part_number_trgm
    on product_market_info using gin (part_number gin_trgm_ops)`.execute(db);
}
