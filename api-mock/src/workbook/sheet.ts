import ExcelJS from 'exceljs';
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_ROW,
  IMPORT_FIRST_DATA_ROW,
  ImportFailure,
  type ImportField,
} from '../../../contract/importProduct';
import { IMPORT_ARCHIVE_LIMITS } from '../../../contract/limits';

/** A file the import refuses as a whole, with the errorCode of ImportProductCompleted. */
export class ImportRefused extends Error {
  constructor(readonly errorCode: number) {
    super(`import refused with ${errorCode}`);
  }
}

/** Open an .xlsx workbook's bytes (a zip, checked before); what exceljs cannot read is not a workbook. */
export async function openWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  } catch {
    throw new ImportRefused(ImportFailure.NotAWorkbook);
  }
  if (!workbook.worksheets[0]) throw new ImportRefused(ImportFailure.NotAWorkbook);
  return workbook;
}

export type Plain = string | number | boolean | Date | { error: string } | null;

/** The value a cell shows: formula results, rich text and hyperlink texts unwrapped. */
function plainValue(value: ExcelJS.CellValue): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) return plainValue(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return plainValue(value.result ?? null);
  if ('error' in value) return { error: value.error };
  return null;
}

export interface SheetRow {
  /** The Excel row number, as the failed-lines list shows it. */
  rowNumber: number;
  cells: Partial<Record<ImportField, Plain>>;
}

export interface Sheet {
  rows: SheetRow[];
  date1904: boolean;
}

/**
 * Sheet 1 read by the field names of row 1 (the equipment import's, or the given `fields`); unknown and read-only
 * columns are skipped, empty rows too. More data rows than `maxRows` refuse the file.
 */
export function readSheet(
  workbook: ExcelJS.Workbook,
  maxRows: number = IMPORT_ARCHIVE_LIMITS.maxRows,
  fields: readonly string[] = IMPORT_FIELDS,
): Sheet {
  const sheet = workbook.worksheets[0]!;
  const known = new Set(fields);
  const columns = new Map<number, ImportField>();
  sheet.getRow(IMPORT_FIELD_ROW).eachCell((cell, column) => {
    const name = plainValue(cell.value);
    if (typeof name === 'string' && known.has(name.trim())) {
      columns.set(column, name.trim() as ImportField);
    }
  });
  if (columns.size === 0) throw new ImportRefused(ImportFailure.NoKnownColumns);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber < IMPORT_FIRST_DATA_ROW) return;
    const cells: SheetRow['cells'] = {};
    let filled = false;
    for (const [column, field] of columns) {
      const value = plainValue(row.getCell(column).value);
      if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
      cells[field] = value;
      filled = true;
    }
    if (filled && rows.length <= maxRows) rows.push({ rowNumber, cells });
  });
  if (rows.length === 0) throw new ImportRefused(ImportFailure.NoRows);
  if (rows.length > maxRows) throw new ImportRefused(ImportFailure.TooManyRows);
  return { rows, date1904: workbook.properties.date1904 };
}

/** Sheet 1 of an .xlsx file's bytes. */
export async function readWorkbookSheet(content: Buffer, maxRows?: number, fields?: readonly string[]): Promise<Sheet> {
  return readSheet(await openWorkbook(content), maxRows, fields);
}
