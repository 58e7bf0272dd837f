import { z } from 'zod';
import { providerStaff } from './access';
import { AccessCode } from './permissions';
import { c, envelope, standardErrors, withCommonQuery, IsoDateTime, pagingQuery } from './common';
import { DEFAULT_PAGE_SIZE } from './limits';
import { MAX_PAGE_SIZE, paged } from './listQuery';
import { optionalText } from './validation';
import { PRODUCT_MARKET_INFO_MAX, ProductMarketInfo } from './equipment';
import { FileIdentifier } from './images';

/**
 * The product catalogue of the administration screen "Import product info" (spec 3 sections 2, 3 and 7).
 * The equipment-side request for more information (POST Equipment/MarketInfo/Request) is in
 * equipment/productInformation.ts.
 */

/** A catalogue row: the market info of a part number plus its create time and meta description. */
export const ProductMarketInfoRow = ProductMarketInfo.extend({
  createTime: IsoDateTime,
  metaDescription: z.string().max(PRODUCT_MARKET_INFO_MAX.metaDescription).nullable(),
});
export type ProductMarketInfoRow = z.infer<typeof ProductMarketInfoRow>;

/** Body of PUT Configuration/productMarketInfo/{partNumber}: the two rich-text descriptions. */
export const ProductDescriptions = z.object({
  shortDescription: optionalText(PRODUCT_MARKET_INFO_MAX.shortDescription),
  longDescription: optionalText(PRODUCT_MARKET_INFO_MAX.longDescription),
});
export type ProductDescriptions = z.infer<typeof ProductDescriptions>;

/** The Excel file uploaded to storage (import kind ProductMarketInfo). */
export const ProductMarketInfoImport = FileIdentifier;
export type ProductMarketInfoImport = z.infer<typeof ProductMarketInfoImport>;

export const PartNumber = z.string().trim().min(1).max(PRODUCT_MARKET_INFO_MAX.partNumber);

export const productMarketInfoContract = c.router(
  {
    list: {
      method: 'GET',
      path: '/api/Configuration/productMarketInfo',
      query: withCommonQuery({
        /** Free text on the part number. */
        keyword: z.string().trim().max(200).optional(),
        ...pagingQuery(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      }),
      responses: { 200: envelope(paged(ProductMarketInfoRow)), ...standardErrors },
      summary: 'A page of the product catalogue, filtered by part number',
      metadata: providerStaff('none', { accessCode: AccessCode.Admin }),
    },
    import: {
      method: 'PUT',
      path: '/api/Configuration/productMarketInfo',
      query: withCommonQuery({}),
      body: ProductMarketInfoImport,
      responses: { 200: envelope(z.object({ importedCount: z.number().int().min(0) })), ...standardErrors },
      summary:
        'Import the product catalogue rows of an Excel file uploaded to storage (adds or replaces by part number)',
      metadata: providerStaff('none', { accessCode: AccessCode.Admin }),
    },
    updateDescriptions: {
      method: 'PUT',
      path: '/api/Configuration/productMarketInfo/:partNumber',
      pathParams: z.object({ partNumber: PartNumber }),
      query: withCommonQuery({}),
      body: ProductDescriptions,
      responses: { 200: envelope(ProductMarketInfoRow), ...standardErrors },
      summary: 'Save the short and long description of a catalogue product',
      metadata: providerStaff('none', { accessCode: AccessCode.Admin }),
    },
  },
  { strictStatusCodes: true },
);
