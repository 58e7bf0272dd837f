// Writes web/public/templates/Product Market Info - Template.xlsx: npx tsx scripts/makeCatalogueTemplate.ts
// The tests build their catalogue files with catalogueWorkbook too, so the template and what imports stay one shape.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { IMPORT_FIELD_ROW, IMPORT_HEADER_ROW } from '../contract/importProduct';
import {
  CATALOGUE_TEMPLATE_PATH,
  PRODUCT_MARKET_COLUMNS,
  PRODUCT_MARKET_RICH_TEXT,
  PRODUCT_MARKET_URLS,
  type ProductMarketField,
} from '../contract/importProductMarket';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CATALOGUE_TEMPLATE_FILE = path.join(ROOT, 'web/public', CATALOGUE_TEMPLATE_PATH);

/** The English column labels of the catalogue grid are the file's headers. */
const labels = JSON.parse(
  readFileSync(path.join(ROOT, 'web/src/locales/en-us/productCatalogue.json'), 'utf8'),
) as Record<string, string>;

export type CatalogueEntry = Partial<Record<ProductMarketField, string | number | null>>;

function noteOf(column: (typeof PRODUCT_MARKET_COLUMNS)[number]): string {
  const rules = [column.required ? 'Required.' : 'Optional.', `At most ${column.max} characters.`];
  if (PRODUCT_MARKET_URLS.includes(column.field)) rules.push('An http or https address, or a path on the portal (/…).');
  if (PRODUCT_MARKET_RICH_TEXT.includes(column.field)) rules.push('Rich text (HTML); scripts and styles are removed.');
  if (column.field === 'partNumber') rules.push('A part number already in the catalogue is replaced.');
  return rules.join(' ');
}

/** A catalogue workbook: row 1 (hidden) the field names the import matches, row 2 the headers, data from row 3. */
export function catalogueWorkbook(entries: readonly CatalogueEntry[] = []): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Instrument-owner portal';
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = workbook.created;
  const sheet = workbook.addWorksheet('Catalogue', { views: [{ state: 'frozen', ySplit: IMPORT_HEADER_ROW }] });
  PRODUCT_MARKET_COLUMNS.forEach((column, index) => {
    const header = labels[`column_${column.field}`];
    if (!header) throw new Error(`no English label column_${column.field} in productCatalogue.json`);
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = PRODUCT_MARKET_RICH_TEXT.includes(column.field) ? 60 : Math.max(14, header.length + 4);
    sheetColumn.numFmt = '@';
    sheet.getRow(IMPORT_FIELD_ROW).getCell(index + 1).value = column.field;
    const cell = sheet.getRow(IMPORT_HEADER_ROW).getCell(index + 1);
    cell.value = header;
    cell.note = noteOf(column);
  });
  sheet.getRow(IMPORT_FIELD_ROW).hidden = true;
  sheet.getRow(IMPORT_HEADER_ROW).font = { bold: true };
  for (const entry of entries) sheet.addRow(PRODUCT_MARKET_COLUMNS.map((c) => entry[c.field] ?? null));
  return workbook;
}

/** The bytes of a catalogue .xlsx file. */
export async function catalogueFile(entries: readonly CatalogueEntry[]): Promise<Buffer> {
  return Buffer.from(await catalogueWorkbook(entries).xlsx.writeBuffer());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(path.dirname(CATALOGUE_TEMPLATE_FILE), { recursive: true });
  await catalogueWorkbook().xlsx.writeFile(CATALOGUE_TEMPLATE_FILE);
  console.log(`wrote ${path.relative(ROOT, CATALOGUE_TEMPLATE_FILE)}`);
}
