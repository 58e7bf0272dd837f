import ExcelJS from 'exceljs';
import type { Insertable, Transaction } from 'kysely';
import {
  CONSTRUCTION_YEARS_AHEAD,
  EQUIPMENT_CODES,
  EquipmentInput,
  USER_ADDED_DATA_SOURCE_ID,
} from '../../../contract/equipment';
import {
  IMPORT_FALSE_WORDS,
  IMPORT_FIELD_ERROR_CODE,
  IMPORT_FIELD_ROW,
  IMPORT_FIELDS,
  IMPORT_FIRST_DATA_ROW,
  IMPORT_TRUE_WORDS,
  importFieldType,
  ImportFailure,
  type ImportField,
  type ImportRowErrors,
} from '../../../contract/importProduct';
import type { Database, EquipmentTable } from '../db/schema';
import { EQUIPMENT_FIELDS } from './equipmentFields';

/** A file the import refuses as a whole, with the errorCode of ImportProductCompleted. */
export class ImportRefused extends Error {
  constructor(readonly errorCode: number) {
    super(`import refused with ${errorCode}`);
  }
}

/**
 * An imported year may be older than the form's dropdown (10 years back): a file exported from the portal carries
 * the real construction years of old instruments, and importing it back must keep them. Chosen: not in spec.
 */
const OLDEST_CONSTRUCTION_YEAR = 1900;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** OLE2 compound file: the legacy binary .xls. */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Open an .xlsx workbook; a legacy .xls or anything else is refused with its code. */
export async function openWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  if (content.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) throw new ImportRefused(ImportFailure.LegacyXls);
  if (!content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new ImportRefused(ImportFailure.NotAWorkbook);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  } catch {
    throw new ImportRefused(ImportFailure.NotAWorkbook);
  }
  if (!workbook.worksheets[0]) throw new ImportRefused(ImportFailure.NotAWorkbook);
  return workbook;
}

type Plain = string | number | boolean | Date | { error: string } | null;

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

/** Sheet 1 read by the field names of row 1; unknown and read-only columns are skipped, empty rows too. */
export function readSheet(workbook: ExcelJS.Workbook): { rows: SheetRow[]; date1904: boolean } {
  const sheet = workbook.worksheets[0]!;
  const columns = new Map<number, ImportField>();
  sheet.getRow(IMPORT_FIELD_ROW).eachCell((cell, column) => {
    const name = plainValue(cell.value);
    if (typeof name === 'string' && name.trim() in IMPORT_FIELD_ERROR_CODE) {
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
    if (filled) rows.push({ rowNumber, cells });
  });
  if (rows.length === 0) throw new ImportRefused(ImportFailure.NoRows);
  return { rows, date1904: workbook.properties.date1904 };
}

const INVALID = Symbol('invalid');
type Converted = string | number | boolean | null | typeof INVALID;

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 to 1970-01-01 in the 1900 and the 1904 date systems. */
const EXCEL_EPOCH_DAYS = { 1900: 25_569, 1904: 24_107 } as const;

const isoDay = (date: Date) => (Number.isNaN(date.getTime()) ? INVALID : date.toISOString().slice(0, 10));

function toDate(value: Exclude<Plain, null>, date1904: boolean): Converted {
  // exceljs reads date cells as UTC midnight.
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'number') {
    const epoch = date1904 ? EXCEL_EPOCH_DAYS[1904] : EXCEL_EPOCH_DAYS[1900];
    return value > 0 ? isoDay(new Date(Math.round((value - epoch) * DAY_MS))) : INVALID;
  }
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(value.trim());
    if (!m) return INVALID;
    const day = `${m[1]}-${m[2]}-${m[3]}`;
    return isoDay(new Date(`${day}T00:00:00Z`)) === day ? day : INVALID;
  }
  return INVALID;
}

function toInteger(value: Exclude<Plain, null>): Converted {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? +value : NaN;
  return Number.isInteger(n) ? n : INVALID;
}

function toBoolean(value: Exclude<Plain, null>): Converted {
  if (typeof value === 'boolean') return value;
  const word = String(value).trim().toLowerCase();
  if (IMPORT_TRUE_WORDS.includes(word)) return true;
  if (IMPORT_FALSE_WORDS.includes(word)) return false;
  return INVALID;
}

function toText(value: Exclude<Plain, null>): Converted {
  if (value instanceof Date) return isoDay(value);
  if (typeof value === 'object') return INVALID;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function convert(field: ImportField, value: Plain | undefined, date1904: boolean): Converted {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !(value instanceof Date)) return INVALID;
  switch (importFieldType(field)) {
    case 'date':
      return toDate(value, date1904);
    case 'integer':
      return toInteger(value);
    case 'boolean':
      return toBoolean(value);
    case 'text':
      return toText(value);
  }
}

/** The add-equipment form's rules (required make and model, lengths, phone and e-mail patterns). */
const RowSchema = EquipmentInput.omit({ locationId: true, contract: true });
export type ImportedEquipment = Partial<Record<ImportField, string | number | boolean | null>>;

const PICK_LISTS: Partial<Record<ImportField, readonly string[]>> = {
  classification: EQUIPMENT_CODES.classification,
  priorityD: EQUIPMENT_CODES.priority,
  priorityDQA: EQUIPMENT_CODES.priority,
  priorityDSafety: EQUIPMENT_CODES.priority,
  pcConnectivity: EQUIPMENT_CODES.pcConnectivity,
};

/** One row checked: its values ready to save, or the codes of its invalid columns (in column order). */
export function checkRow(
  row: SheetRow,
  opts: { date1904: boolean; currentYear: number },
): { values: ImportedEquipment } | { codes: number[] } {
  const invalid = new Set<ImportField>();
  const values: Record<string, unknown> = {};
  for (const field of IMPORT_FIELDS) {
    let value = convert(field, row.cells[field], opts.date1904);
    const list = PICK_LISTS[field];
    if (list && typeof value === 'string') {
      // Pick-list codes match whatever their case; the stored code is the list's own.
      const code = list.find((c) => c.toLowerCase() === (value as string).toLowerCase());
      value = code ?? INVALID;
    }
    if (value === INVALID) invalid.add(field);
    else values[field] = value;
  }
  const year = values.equipConstrYear;
  if (
    typeof year === 'number' &&
    (year < OLDEST_CONSTRUCTION_YEAR || year > opts.currentYear + CONSTRUCTION_YEARS_AHEAD)
  ) {
    invalid.add('equipConstrYear');
  }
  const parsed = RowSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) invalid.add(issue.path[0] as ImportField);
  }
  if (invalid.size > 0 || !parsed.success) {
    return { codes: IMPORT_FIELDS.filter((f) => invalid.has(f)).map((f) => IMPORT_FIELD_ERROR_CODE[f]) };
  }
  return { values: parsed.data as ImportedEquipment };
}

/** Checked rows: the valid ones to save, and row number -> codes of the others. */
export function checkRows(
  rows: readonly SheetRow[],
  opts: { date1904: boolean; currentYear: number },
): { valid: ImportedEquipment[]; failed: ImportRowErrors } {
  const valid: ImportedEquipment[] = [];
  const failed: ImportRowErrors = {};
  for (const row of rows) {
    const checked = checkRow(row, opts);
    if ('values' in checked) valid.push(checked.values);
    else failed[String(row.rowNumber)] = checked.codes;
  }
  return { valid, failed };
}

/** SQL column of each imported field, from the field registry. */
const COLUMN_OF = Object.fromEntries(
  IMPORT_FIELDS.map((f) => [f, EQUIPMENT_FIELDS[f]!.column.replace(/^equipment\./, '')]),
) as Record<ImportField, keyof EquipmentTable>;

/** Rows per INSERT: about 60 parameters a row stays well under PostgreSQL's 65,535. */
export const IMPORT_INSERT_BATCH = 500;

/**
 * Save imported equipment as user-added equipment of the user at the location, on the user's own list, in the
 * caller's transaction. `onBatch` hears how many rows are saved so far.
 */
export async function insertImportedEquipment(
  trx: Transaction<Database>,
  rows: readonly ImportedEquipment[],
  owner: { customerId: number; locationId: number; userId: number },
  onBatch: (saved: number) => void | Promise<void> = () => {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_INSERT_BATCH) {
    const batch = rows.slice(i, i + IMPORT_INSERT_BATCH).map((row) => {
      const record: Record<string, unknown> = {
        customer_id: owner.customerId,
        location_id: owner.locationId,
        data_source_id: USER_ADDED_DATA_SOURCE_ID,
        created_by: owner.userId,
      };
      for (const field of IMPORT_FIELDS) record[COLUMN_OF[field]] = row[field] ?? null;
      return record as Insertable<EquipmentTable>;
    });
    const inserted = await trx.insertInto('equipment').values(batch).returning('id').execute();
    const batchIds = inserted.map((r) => r.id);
    await trx
      .insertInto('user_equipment')
      .values(batchIds.map((id) => ({ user_id: owner.userId, equipment_id: id })))
      .execute();
    ids.push(...batchIds);
    await onBatch(ids.length);
  }
  if (ids.length > 0) {
    await trx.updateTable('users').set({ has_linked_equipment: true }).where('id', '=', owner.userId).execute();
  }
  return ids;
}
