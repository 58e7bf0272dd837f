import type { Insertable, Transaction } from 'kysely';
import { CONSTRUCTION_YEARS_AHEAD, EquipmentInput, USER_ADDED_DATA_SOURCE_ID } from '../../../contract/equipment';
import {
  IMPORT_FALSE_WORDS,
  IMPORT_FIELD_ERROR_CODE,
  IMPORT_FIELDS,
  IMPORT_TRUE_WORDS,
  importFieldType,
  type ImportField,
  type ImportRowErrors,
} from '../../../contract/importProduct';
import type { Database, EquipmentTable } from '../db/schema';
import type { Plain, SheetRow } from '../workbook/sheet';
import { IMPORT_PICK_LISTS } from '../workbook/importTemplate';
import { EQUIPMENT_FIELDS } from './fields';

/**
 * An imported year may be older than the form's dropdown (10 years back): a file exported from the portal carries
 * the real construction years of old instruments, and importing it back must keep them. Chosen: not in spec.
 */
const OLDEST_CONSTRUCTION_YEAR = 1900;

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

/** One row checked: its values ready to save, or the codes of its invalid columns (in column order). */
export function checkRow(
  row: SheetRow,
  opts: { date1904: boolean; currentYear: number },
): { values: ImportedEquipment } | { codes: number[] } {
  const invalid = new Set<ImportField>();
  const values: Record<string, unknown> = {};
  for (const field of IMPORT_FIELDS) {
    let value = convert(field, row.cells[field], opts.date1904);
    const list = IMPORT_PICK_LISTS[field];
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

/** Rows per INSERT and per transaction: about 60 parameters a row stays well under PostgreSQL's 65,535. */
export const IMPORT_INSERT_BATCH = 500;

export interface ImportOwner {
  customerId: number;
  locationId: number;
  userId: number;
}

/**
 * Save one batch of imported equipment as user-added equipment of the user at the location, on the user's own list,
 * in the caller's transaction.
 */
export async function insertImportedBatch(
  trx: Transaction<Database>,
  rows: readonly ImportedEquipment[],
  owner: ImportOwner,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {
      customer_id: owner.customerId,
      location_id: owner.locationId,
      data_source_id: USER_ADDED_DATA_SOURCE_ID,
      created_by: owner.userId,
    };
    for (const field of IMPORT_FIELDS) record[COLUMN_OF[field]] = row[field] ?? null;
    return record as Insertable<EquipmentTable>;
  });
  const ids = (await trx.insertInto('equipment').values(records).returning('id').execute()).map((r) => r.id);
  await trx
    .insertInto('user_equipment')
    .values(ids.map((id) => ({ user_id: owner.userId, equipment_id: id })))
    .execute();
  await trx.updateTable('users').set({ has_linked_equipment: true }).where('id', '=', owner.userId).execute();
  return ids;
}
