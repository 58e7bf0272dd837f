import { z } from 'zod';
import { PRODUCT_MARKET_INFO_MAX } from './equipment';
import { FileIdentifier } from './images';
import { ImportFailure, ImportRowErrors } from './importProduct';

/**
 * The product catalogue file of "Import product info" (spec 3 sections 2, 5 and 7) and the hub method
 * importProductMarket (spec 2 section 7). The file is laid out like the equipment import: sheet 1, row 1 the field
 * names below, row 2 readable headers, data from row 3 (IMPORT_*_ROW of importProduct.ts).
 */

const PM = PRODUCT_MARKET_INFO_MAX;

/** Static template of a catalogue file, served from web/public (scripts/makeCatalogueTemplate.ts writes it). */
export const CATALOGUE_TEMPLATE_PATH = '/templates/Product Market Info - Template.xlsx';

/**
 * The columns of a catalogue file, in template order: field name, most characters, whether a row needs it, and the
 * row error code that names it (codes 16201-16214 chosen: not in spec). The only place the columns are listed.
 */
export const PRODUCT_MARKET_COLUMNS = [
  { field: 'partNumber', max: PM.partNumber, required: true, code: 16201 },
  { field: 'displayName', max: PM.displayName, required: false, code: 16202 },
  { field: 'brandName', max: PM.brandName, required: true, code: 16203 },
  { field: 'modelName', max: PM.modelName, required: true, code: 16204 },
  { field: 'shortDescription', max: PM.shortDescription, required: false, code: 16205 },
  { field: 'longDescription', max: PM.longDescription, required: false, code: 16206 },
  { field: 'productUrl', max: PM.url, required: false, code: 16207 },
  { field: 'largeImageUrl', max: PM.url, required: false, code: 16208 },
  { field: 'width', max: PM.dimension, required: false, code: 16209 },
  { field: 'height', max: PM.dimension, required: false, code: 16210 },
  { field: 'length', max: PM.dimension, required: false, code: 16211 },
  { field: 'weight', max: PM.dimension, required: false, code: 16212 },
  { field: 'depth', max: PM.dimension, required: false, code: 16213 },
  { field: 'metaDescription', max: PM.metaDescription, required: false, code: 16214 },
] as const;

export type ProductMarketField = (typeof PRODUCT_MARKET_COLUMNS)[number]['field'];
export const PRODUCT_MARKET_FIELDS: readonly ProductMarketField[] = PRODUCT_MARKET_COLUMNS.map((c) => c.field);
/** Rich-text columns: sanitised by the server before storing, and by the client before showing. */
export const PRODUCT_MARKET_RICH_TEXT: readonly ProductMarketField[] = ['shortDescription', 'longDescription'];
/** Columns that must hold an http(s) address when given. */
export const PRODUCT_MARKET_URLS: readonly ProductMarketField[] = ['productUrl', 'largeImageUrl'];

/** Row code of a part number the file holds twice (chosen: not in spec). */
export const DUPLICATE_PART_NUMBER = 16215;

/**
 * errorCode of a refused catalogue import: the equipment import's file refusals, plus rows with problems (nothing is
 * imported then: the catalogue import is all or nothing) and a file not found in the caller's uploads. Chosen: not in
 * spec.
 */
export const ProductMarketImportFailure = {
  ...ImportFailure,
  InvalidRows: 16050,
  FileNotFound: 16051,
} as const;

/** Client to server over /signalr: import the catalogue file uploaded to storage (kind ProductMarketInfo). */
export const ImportProductMarketRequest = z.object({
  type: z.literal('importProductMarket'),
  file: FileIdentifier,
  /** The anti-forgery token of the page (its XSRF-TOKEN cookie): importing changes data. */
  xsrfToken: z.string().max(200),
});
export type ImportProductMarketRequest = z.infer<typeof ImportProductMarketRequest>;

/** Server to client while reading, checking and saving, at least once a second: percent done. */
export const ImportProductMarketProgress = z.object({
  type: z.literal('importProductMarketProgress'),
  progress: z.number().int().min(0).max(100),
});

/** Server to client at the end: errorCode 0 and the count imported, or the refusal with the rows' problems. */
export const ImportProductMarketCompleted = z.object({
  type: z.literal('importProductMarketCompleted'),
  errorCode: z.number().int(),
  result: ImportRowErrors,
  importedCount: z.number().int().min(0),
});
export type ImportProductMarketCompleted = z.infer<typeof ImportProductMarketCompleted>;

export const ImportProductMarketServerMessage = z.discriminatedUnion('type', [
  ImportProductMarketProgress,
  ImportProductMarketCompleted,
]);
export type ImportProductMarketServerMessage = z.infer<typeof ImportProductMarketServerMessage>;
