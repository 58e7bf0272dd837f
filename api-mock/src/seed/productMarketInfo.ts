import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { demoProductImageUrl, demoProductUrl } from '../catalogue/demoCatalogueSite';
import { DEMO_PRODUCT_CATALOGUE } from './productCatalogue';

/** The demo world's catalogue rows; their product pages and pictures are the portal's own demo product site. */
export async function seedProductMarketInfo(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('product_market_info')
    .values(
      DEMO_PRODUCT_CATALOGUE.map((p) => ({
        part_number: p.partNumber,
        brand_name: p.brandName,
        model_name: p.modelName,
        display_name: p.displayName,
        short_description: p.shortDescription,
        long_description: p.longDescription,
        length: p.length,
        depth: p.depth,
        height: p.height,
        width: p.width,
        weight: p.weight,
        large_image_url: demoProductImageUrl(p.partNumber),
        product_url: demoProductUrl(p.partNumber),
        meta_description: p.metaDescription,
      })),
    )
    .execute();
}
