import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ErrorCode, IMPORT_ROW_ERROR_COLUMN } from '../../contract/errors';
import {
  IMPORT_FIELD_ERROR_CODE,
  IMPORT_FIELD_ROW,
  IMPORT_FIELDS,
  IMPORT_HEADER_ROW,
  IMPORT_IGNORED_FIELDS,
  importFieldOfCode,
} from '../../contract/importProduct';
import { EQUIPMENT_FIELD_NAMES } from '../../api-mock/src/equipment/fields';
import { checkRow } from '../../api-mock/src/equipment/import.queries';
import { buildImportTemplate, TEMPLATE_FILE } from '../../scripts/makeImportTemplate';
import { ROOT } from '../support/testServer';

/** What a template says to a user and to the import: field names, headers, notes, formats, hidden row 1. */
function describeSheet(workbook: ExcelJS.Workbook) {
  const sheet = workbook.worksheets[0]!;
  return {
    name: sheet.name,
    fieldRowHidden: sheet.getRow(IMPORT_FIELD_ROW).hidden,
    columns: IMPORT_FIELDS.map((_, i) => ({
      field: sheet.getRow(IMPORT_FIELD_ROW).getCell(i + 1).value,
      header: sheet.getRow(IMPORT_HEADER_ROW).getCell(i + 1).value,
      note: sheet.getRow(IMPORT_HEADER_ROW).getCell(i + 1).note ?? null,
      numFmt: sheet.getColumn(i + 1).numFmt ?? null,
    })),
    extra: sheet.getRow(IMPORT_FIELD_ROW).getCell(IMPORT_FIELDS.length + 1).value,
  };
}

describe('the import template', () => {
  it('is committed as scripts/makeImportTemplate.ts writes it (run it after changing columns)', async () => {
    const committed = new ExcelJS.Workbook();
    await committed.xlsx.load(readFileSync(TEMPLATE_FILE) as unknown as ExcelJS.Buffer);
    const built = new ExcelJS.Workbook();
    await built.xlsx.load((await buildImportTemplate().xlsx.writeBuffer()) as ExcelJS.Buffer);
    expect(describeSheet(committed)).toEqual(describeSheet(built));
  });

  it('names every field the import reads in its hidden row 1, with the English column labels in row 2', async () => {
    const committed = new ExcelJS.Workbook();
    await committed.xlsx.load(readFileSync(TEMPLATE_FILE) as unknown as ExcelJS.Buffer);
    const sheet = describeSheet(committed);
    const english = JSON.parse(
      readFileSync(path.join(ROOT, 'web/src/locales/en-us/importProduct.json'), 'utf8'),
    ) as Record<string, string>;
    expect(sheet.fieldRowHidden).toBe(true);
    expect(sheet.columns.map((c) => c.field)).toEqual(IMPORT_FIELDS);
    expect(sheet.columns.map((c) => c.header)).toEqual(IMPORT_FIELDS.map((f) => english[`column_${f}`]));
    expect(sheet.extra).toBeNull();
  });
});

describe('import columns', () => {
  it('account for every field of the registry: imported, or skipped as read-only', () => {
    const accounted = new Set<string>([...IMPORT_FIELDS, ...IMPORT_IGNORED_FIELDS]);
    expect(EQUIPMENT_FIELD_NAMES.filter((f) => !accounted.has(f))).toEqual([]);
    expect(IMPORT_FIELDS.filter((f) => !EQUIPMENT_FIELD_NAMES.includes(f))).toEqual([]);
  });

  it('give each column its own code, the spec codes to the columns the catalogue names', () => {
    const codes = Object.values(IMPORT_FIELD_ERROR_CODE) as number[];
    expect(new Set(codes).size).toBe(codes.length);
    const catalogue: Partial<Record<string, string>> = {
      dtype: 'type',
      classification: 'classification',
      instDate: 'installedOn',
      priorityD: 'servicePriority',
      pcConnectivity: 'pcConnectivity',
      equipStartUpDate: 'startUpDate',
      priorityDQA: 'qaPriority',
      priorityDSafety: 'safetyPriority',
      assetGeniusFlag: 'assetGeniusFlag',
      contactPhone: 'primaryUserPhone',
      contactEmail: 'primaryUserEmail',
      vendorTel: 'serviceCompanyPhone',
      vendorEmail: 'serviceCompanyEmail',
      contactMgrPhone: 'labManagerPhone',
      contactMgrEmail: 'labManagerEmail',
      mainComponent: 'mainComponent',
      indicatorRecord: 'indicatorRecord',
      osGxpFlag: 'gxp',
      equipConstrYear: 'constructionYear',
      equipConstrMonth: 'constructionMonth',
    };
    for (const field of IMPORT_FIELDS) {
      const code = IMPORT_FIELD_ERROR_CODE[field];
      expect(IMPORT_ROW_ERROR_COLUMN[code], field).toBe(catalogue[field]);
      expect(importFieldOfCode(code)).toBe(field);
    }
    // The contract columns of the catalogue have no column in the file (the export has none).
    const unused = Object.keys(IMPORT_ROW_ERROR_COLUMN)
      .map(Number)
      .filter((code) => !codes.includes(code));
    expect(unused).toEqual([
      ErrorCode.ImportInvalidContractStart,
      ErrorCode.ImportInvalidContractEnd,
      ErrorCode.ImportInvalidBillingDate,
    ]);
  });

  it('have a label in every language file through the English one', () => {
    const english = JSON.parse(
      readFileSync(path.join(ROOT, 'web/src/locales/en-us/importProduct.json'), 'utf8'),
    ) as Record<string, string>;
    expect(IMPORT_FIELDS.filter((f) => !english[`column_${f}`])).toEqual([]);
  });
});

describe('a row of the import', () => {
  const opts = { date1904: false, currentYear: 2026 };
  const serialOf = (iso: string, epoch: number) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000 + epoch;

  it('reads Excel day numbers in both date systems, and ISO dates', () => {
    const row = (cells: Record<string, unknown>, date1904 = false) =>
      checkRow({ rowNumber: 3, cells: { mfg: 'M', model: 'X', ...cells } as never }, { ...opts, date1904 });
    expect(row({ instDate: serialOf('2024-03-05', 25_569) })).toMatchObject({ values: { instDate: '2024-03-05' } });
    expect(row({ instDate: serialOf('2024-03-05', 24_107) }, true)).toMatchObject({
      values: { instDate: '2024-03-05' },
    });
    expect(row({ equipStartUpDate: '2023-02-28' })).toMatchObject({ values: { equipStartUpDate: '2023-02-28' } });
    expect(row({ equipStartUpDate: '2023-02-29' })).toEqual({ codes: [ErrorCode.ImportInvalidStartUpDate] });
    expect(row({ equipStartUpDate: '28.02.2023' })).toEqual({ codes: [ErrorCode.ImportInvalidStartUpDate] });
  });

  it('takes old construction years (an exported file imports back) up to 9 years ahead', () => {
    const year = (y: number) => checkRow({ rowNumber: 3, cells: { mfg: 'M', model: 'X', equipConstrYear: y } }, opts);
    expect(year(1900)).toMatchObject({ values: { equipConstrYear: 1900 } });
    expect(year(2008)).toMatchObject({ values: { equipConstrYear: 2008 } });
    expect(year(2035)).toMatchObject({ values: { equipConstrYear: 2035 } });
    expect(year(1899)).toEqual({ codes: [ErrorCode.ImportInvalidConstructionYear] });
    expect(year(2036)).toEqual({ codes: [ErrorCode.ImportInvalidConstructionYear] });
  });

  it('turns numbers and words into the column types and reports error cells', () => {
    const checked = checkRow(
      {
        rowNumber: 9,
        cells: { mfg: 'M', model: 'X', serial: 120034, indicatorRecord: 'No', mainComponent: 'TRUE', room: ' 12 ' },
      },
      opts,
    );
    expect(checked).toMatchObject({
      values: { serial: '120034', indicatorRecord: false, mainComponent: true, room: '12' },
    });
    expect(checkRow({ rowNumber: 9, cells: { mfg: 'M', model: 'X', room: { error: '#REF!' } } }, opts)).toEqual({
      codes: [IMPORT_FIELD_ERROR_CODE.room],
    });
  });
});
