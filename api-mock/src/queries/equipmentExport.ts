import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import type { EquipmentExportQuery } from '../../../contract/equipment';
import type { Database } from '../db/schema';
import { BadListQuery, filtersWhere, orderBy } from '../lib/listQuerySql';
import { equipmentInScope, fullTextCondition, type EquipmentScope } from './equipment';
import { EQUIPMENT_FIELDS } from './equipmentFields';

/** Rows read from the database at a time while the workbook is written. */
const EXPORT_BATCH = 2_000;

/**
 * The layout of an exported sheet, which the import reads back: row 1 (hidden) holds the API field names, row 2 the
 * headers in the user's language, data starts on row 3.
 */
export const SHEET_FIELD_ROW = 1;
export const SHEET_HEADER_ROW = 2;
export const SHEET_FIRST_DATA_ROW = 3;

type Cell = string | number | boolean | Date | null;

function cellReader(name: string): (row: Record<string, unknown>) => Cell {
  const field = EQUIPMENT_FIELDS[name]!;
  return (row) => {
    const value = row[name];
    if (value === null || value === undefined) return null;
    if (field.type === 'date') return value instanceof Date ? value : new Date(`${String(value)}T00:00:00Z`);
    if (field.type === 'number') return Number(value);
    return value as Cell;
  };
}

/**
 * Every row of the filtered, sorted list as an .xlsx with the visible columns in their order. The query is checked
 * and the ids are read in order first (a bad query answers 400 before any byte is sent); then the rows are read in
 * batches and the workbook is written into the returned stream as the caller sends it, so neither the rows nor the
 * file are ever whole in memory.
 */
export async function exportEquipment(
  db: Kysely<Database>,
  scope: EquipmentScope,
  query: EquipmentExportQuery,
  onError: (error: unknown) => void,
): Promise<{ stream: Readable; fileName: string }> {
  const { columnOrderKeys, columnShowKeys, columnHeaders } = query.layoutContent;
  const shown = new Set(columnShowKeys);
  const columns = columnOrderKeys.filter((k) => shown.has(k));
  for (const name of columns) {
    if (!Object.prototype.hasOwnProperty.call(EQUIPMENT_FIELDS, name)) {
      throw new BadListQuery(`Unknown column ${JSON.stringify(name)} for this export`);
    }
  }
  const fullText = fullTextCondition(query.fullTextSearchSetting?.keyword);
  const ids = await equipmentInScope(db, scope)
    .select('equipment.id')
    .where(filtersWhere(EQUIPMENT_FIELDS, query.filterSettings))
    .$if(fullText !== null, (qb) => qb.where(fullText!))
    .orderBy(orderBy(EQUIPMENT_FIELDS, query.orderSettings, 'equipment.id') as never)
    .execute();

  const stream = new PassThrough();
  writeWorkbook(
    db,
    scope,
    columns,
    columnHeaders,
    ids.map((r) => r.id),
    stream,
  ).catch((error: unknown) => {
    onError(error);
    stream.destroy(error as Error);
  });
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return { stream, fileName: `Product_${stamp}.xlsx` };
}

async function writeWorkbook(
  db: Kysely<Database>,
  scope: EquipmentScope,
  columns: string[],
  columnHeaders: Record<string, string>,
  ids: number[],
  stream: PassThrough,
): Promise<void> {
  const readers = columns.map(cellReader);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products', { views: [{ state: 'frozen', ySplit: SHEET_HEADER_ROW }] });
  sheet.columns = columns.map((name) => ({
    width: Math.min(40, Math.max(12, (columnHeaders[name] ?? name).length + 2)),
    style: EQUIPMENT_FIELDS[name]!.type === 'date' ? { numFmt: 'yyyy-mm-dd' } : {},
  }));
  const fieldRow = sheet.addRow(columns);
  fieldRow.hidden = true;
  fieldRow.commit();
  const headerRow = sheet.addRow(columns.map((name) => columnHeaders[name] ?? name));
  headerRow.font = { bold: true };
  headerRow.commit();

  for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
    const batch = ids.slice(i, i + EXPORT_BATCH);
    const rows = await db
      .selectFrom('equipment')
      .innerJoin('locations', 'locations.id', 'equipment.location_id')
      .select('equipment.id as id')
      .select(columns.map((name) => sql.ref(EQUIPMENT_FIELDS[name]!.column).as(name)))
      .where('equipment.customer_id', '=', scope.customerId)
      .where('equipment.id', 'in', batch)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r as Record<string, unknown>]));
    for (const id of batch) {
      const row = byId.get(id);
      if (row) sheet.addRow(readers.map((read) => read(row))).commit();
    }
    // The client reads slower than the database answers: wait for the stream to drain before the next batch.
    if (stream.writableNeedDrain) await once(stream, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
