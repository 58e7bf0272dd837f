import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProductMarketInfo } from '../../../contract/equipment';
import type { Database, ProductMarketInfoTable } from '../db/schema';

export const toProductMarketInfo = (row: Selectable<ProductMarketInfoTable>): ProductMarketInfo => ({
  partNumber: row.part_number,
  displayName: row.display_name,
  brandName: row.brand_name,
  modelName: row.model_name,
  shortDescription: row.short_description,
  longDescription: row.long_description,
  length: row.length,
  depth: row.depth,
  height: row.height,
  width: row.width,
  weight: row.weight,
  largeImageUrl: row.large_image_url,
  productUrl: row.product_url,
});

/**
 * The catalogue entry of an instrument's make and model, regardless of case; with several part numbers for one model,
 * the first in part-number order, so the answer never changes between calls.
 */
export async function findProductMarketInfo(
  db: Kysely<Database>,
  instrument: { mfg: string | null; model: string | null },
): Promise<ProductMarketInfo | null> {
  if (!instrument.mfg || !instrument.model) return null;
  const row = await db
    .selectFrom('product_market_info')
    .selectAll()
    .where(sql<string>`lower(brand_name)`, '=', instrument.mfg.toLowerCase())
    .where(sql<string>`lower(model_name)`, '=', instrument.model.toLowerCase())
    .orderBy('part_number')
    .limit(1)
    .executeTakeFirst();
  return row ? toProductMarketInfo(row) : null;
}
