import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ImportRowErrors } from '../../../contract/importProduct';
import {
  DUPLICATE_PART_NUMBER,
  PRODUCT_MARKET_COLUMNS,
  PRODUCT_MARKET_RICH_TEXT,
  PRODUCT_MARKET_URLS,
  type ProductMarketField,
} from '../../../contract/importProductMarket';
import type { ProductDescriptions, ProductMarketInfoRow } from '../../../contract/productMarketInfo';
import { isRefusedWithoutLookup } from '../lib/outboundFetch';
import { sanitiseRichText } from '../lib/richText';
import type { Database, ProductMarketInfoTable } from '../db/schema';
import type { Plain, SheetRow } from '../workbook/sheet';
import { toProductMarketInfo } from './queries';
import { pageOf } from '../lib/paging';

type CatalogueValues = Insertable<ProductMarketInfoTable>;

/** The table column of each catalogue field. */
const COLUMN_OF: Record<ProductMarketField, keyof CatalogueValues> = {
  partNumber: 'part_number',
  displayName: 'display_name',
  brandName: 'brand_name',
  modelName: 'model_name',
  shortDescription: 'short_description',
  longDescription: 'long_description',
  productUrl: 'product_url',
  largeImageUrl: 'large_image_url',
  width: 'width',
  height: 'height',
  length: 'length',
  weight: 'weight',
  depth: 'depth',
  metaDescription: 'meta_description',
};

export const toCatalogueRow = (row: Selectable<ProductMarketInfoTable>): ProductMarketInfoRow => ({
  ...toProductMarketInfo(row),
  createTime: new Date(row.created_at as never).toISOString(),
  metaDescription: row.meta_description,
});

/** `%` and `_` are plain characters of the keyword, not patterns. */
const likeContains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the catalogue in part-number order; keyword finds part numbers containing it, regardless of case. */
export async function catalogueLoad(
  db: Kysely<Database>,
  query: { keyword?: string; pageIndex: number; pageSize: number },
): Promise<{ items: ProductMarketInfoRow[]; totalCount: number }> {
  const keyword = query.keyword?.trim();
  const base = db
    .selectFrom('product_market_info')
    .$if(Boolean(keyword), (qb) => qb.where('part_number', 'ilike', likeContains(keyword!)));
  const { rows, totalCount } = await pageOf(base.selectAll().orderBy('part_number'), base, query);
  return { items: rows.map(toCatalogueRow), totalCount };
}

/** A cell as stored text: numbers and dates written out, empty text as null; an Excel error is no value. */
function cellText(value: Plain | undefined): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && !(value instanceof Date)) return undefined;
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).trim();
  return text === '' ? null : text;
}

/**
 * An http(s) address, or a path on the portal's own site (the demo catalogue's product pages are). The product page
 * is read by the server, so it must also be one the outbound guard would fetch: no internal IP, localhost or port.
 */
const isWebAddress = (text: string, field: ProductMarketField) => {
  if (/^\/(?![/\\])/.test(text)) return !/[\s\\]/.test(text);
  try {
    const url = new URL(text);
    if (field === 'productUrl') return !isRefusedWithoutLookup(url);
    return ['http:', 'https:'].includes(url.protocol);
  } catch {
    return false;
  }
};

/**
 * The catalogue rows of a sheet, checked: lengths first, then the required columns and http(s) addresses; rich
 * text sanitised before its length is checked, since escaping can lengthen it. A part number twice in the file is a
 * problem of its second row.
 */
export function checkCatalogueRows(
  rows: readonly SheetRow[],
  seen: Set<string>,
): { valid: CatalogueValues[]; failed: ImportRowErrors } {
  const valid: CatalogueValues[] = [];
  const failed: ImportRowErrors = {};
  for (const row of rows) {
    const cells = row.cells as Partial<Record<ProductMarketField, Plain>>;
    const values: Partial<Record<keyof CatalogueValues, string | null>> = {};
    const codes: number[] = [];
    for (const column of PRODUCT_MARKET_COLUMNS) {
      let text = cellText(cells[column.field]);
      if (text && PRODUCT_MARKET_RICH_TEXT.includes(column.field)) text = sanitiseRichText(text) || null;
      const bad =
        text === undefined ||
        (text !== null && text.length > column.max) ||
        (text === null && column.required) ||
        (text !== null && PRODUCT_MARKET_URLS.includes(column.field) && !isWebAddress(text, column.field));
      if (bad) codes.push(column.code);
      else values[COLUMN_OF[column.field]] = text;
    }
    const partNumber = values.part_number;
    if (partNumber) {
      const key = partNumber.toUpperCase();
      if (seen.has(key)) codes.push(DUPLICATE_PART_NUMBER);
      seen.add(key);
    }
    if (codes.length > 0) failed[String(row.rowNumber)] = codes;
    else valid.push(values as CatalogueValues);
  }
  return { valid, failed };
}

/** Rows upserted per statement: 14 values each, well under PostgreSQL's 65,535 parameters. */
export const CATALOGUE_UPSERT_BATCH = 500;

/** Add or replace catalogue rows by part number, in the caller's transaction; a replaced row keeps its create time. */
export async function upsertCatalogueRows(trx: Transaction<Database>, rows: readonly CatalogueValues[]) {
  await trx
    .insertInto('product_market_info')
    .values([...rows])
    .onConflict((oc) =>
      oc.column('part_number').doUpdateSet((eb) => ({
        ...Object.fromEntries(
          Object.values(COLUMN_OF)
            .filter((c) => c !== 'part_number')
            .map((c) => [c, eb.ref(`excluded.${c}`)]),
        ),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/** Save the two descriptions of a catalogue row, sanitised; null when there is no such part number. */
export async function saveDescriptions(
  trx: Transaction<Database>,
  partNumber: string,
  body: ProductDescriptions,
): Promise<{ row: ProductMarketInfoRow; tooLong: boolean } | null> {
  const short = body.shortDescription ? sanitiseRichText(body.shortDescription) || null : null;
  const long = body.longDescription ? sanitiseRichText(body.longDescription) || null : null;
  const max = Object.fromEntries(PRODUCT_MARKET_COLUMNS.map((c) => [c.field, c.max]));
  const tooLong = (short?.length ?? 0) > max.shortDescription! || (long?.length ?? 0) > max.longDescription!;
  const existing = await trx
    .selectFrom('product_market_info')
    .selectAll()
    .where('part_number', '=', partNumber)
    .forUpdate()
    .executeTakeFirst();
  if (!existing) return null;
  if (tooLong) return { row: toCatalogueRow(existing), tooLong };
  const row = await trx
    .updateTable('product_market_info')
    .set({ short_description: short, long_description: long, updated_at: sql`now()` })
    .where('part_number', '=', partNumber)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row: toCatalogueRow(row), tooLong: false };
}
