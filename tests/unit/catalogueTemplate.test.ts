import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_FIELD_ROW, IMPORT_HEADER_ROW } from '../../contract/importProduct';
import { PRODUCT_MARKET_FIELDS } from '../../contract/importProductMarket';
import { readWorkbookSheet } from '../../api-mock/src/workbook/sheet';
import { CATALOGUE_TEMPLATE_FILE, catalogueFile, catalogueWorkbook } from '../../scripts/makeCatalogueTemplate';

/** What a template says to a user and to the import: field names, headers, notes, hidden row 1. */
function shapeOf(workbook: ExcelJS.Workbook) {
  const sheet = workbook.worksheets[0]!;
  const cells = (row: number) => PRODUCT_MARKET_FIELDS.map((_, i) => sheet.getRow(row).getCell(i + 1));
  return {
    fields: cells(IMPORT_FIELD_ROW).map((c) => c.value),
    headers: cells(IMPORT_HEADER_ROW).map((c) => c.value),
    notes: cells(IMPORT_HEADER_ROW).map((c) => JSON.stringify(c.note)),
    hidden: sheet.getRow(IMPORT_FIELD_ROW).hidden,
  };
}

describe('the catalogue template', () => {
  it('is what scripts/makeCatalogueTemplate.ts builds (run it after changing the columns)', async () => {
    const committed = new ExcelJS.Workbook();
    await committed.xlsx.load(readFileSync(CATALOGUE_TEMPLATE_FILE) as unknown as ExcelJS.Buffer);
    expect(shapeOf(committed)).toEqual(shapeOf(catalogueWorkbook()));
    expect(shapeOf(committed).fields).toEqual(PRODUCT_MARKET_FIELDS);
    expect(shapeOf(committed).hidden).toBe(true);
  });

  it('reads back through the import: every column by its field name, data from row 3', async () => {
    const entry = { partNumber: 'P-1', brandName: 'Brand', modelName: 'M', width: 12, metaDescription: 'Meta' };
    const sheet = await readWorkbookSheet(await catalogueFile([entry]), 10, PRODUCT_MARKET_FIELDS);
    expect(sheet.rows).toEqual([{ rowNumber: 3, cells: entry }]);
  });
});
