import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { LayoutContent } from '../../../contract/listQuery';
import { BadListQuery, type ListFields } from '../lib/listQuerySql';

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
type Row = Record<string, unknown>;

/** The visible columns of an export layout in their order; a column the list does not have is refused (400). */
export function exportColumns(fields: ListFields, layout: z.infer<typeof LayoutContent>): string[] {
  const shown = new Set(layout.columnShowKeys);
  const columns = layout.columnOrderKeys.filter((k) => shown.has(k));
  for (const name of columns) {
    if (!Object.prototype.hasOwnProperty.call(fields, name)) {
      throw new BadListQuery(`Unknown column ${JSON.stringify(name)} for this export`);
    }
  }
  return columns;
}

function cellReader(fields: ListFields, name: string): (row: Row) => Cell {
  const field = fields[name]!;
  return (row) => {
    const value = row[name];
    if (value === null || value === undefined) return null;
    if (field.type === 'date') return value instanceof Date ? value : new Date(`${String(value)}T00:00:00Z`);
    if (field.type === 'number') return Number(value);
    return value as Cell;
  };
}

export interface ListExport {
  fields: ListFields;
  columns: string[];
  columnHeaders: Record<string, string>;
  /** Every row to export, in order, as ids (read before the first byte, so a bad query still answers 400). */
  ids: number[];
  /** The rows of a batch of ids, each with `id` and one property per column (in any order). */
  readBatch(ids: number[]): Promise<Row[]>;
  sheetName: string;
  filePrefix: string;
  dateFormat?: string;
  onError(error: unknown): void;
}

/**
 * The rows as an .xlsx written into the returned stream as the caller sends it, in batches, so neither the rows nor
 * the file are ever whole in memory.
 */
export function streamListExport(spec: ListExport): { stream: Readable; fileName: string } {
  const stream = new PassThrough();
  writeWorkbook(spec, stream).catch((error: unknown) => {
    spec.onError(error);
    stream.destroy(error as Error);
  });
  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return { stream, fileName: `${spec.filePrefix}_${stamp}.xlsx` };
}

async function writeWorkbook(spec: ListExport, stream: PassThrough): Promise<void> {
  const { fields, columns, columnHeaders, ids } = spec;
  const readers = columns.map((name) => cellReader(fields, name));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: SHEET_HEADER_ROW }] });
  const cellStyles: Partial<ExcelJS.Style>[] = columns.map((name) =>
    fields[name]!.type === 'date' ? { numFmt: spec.dateFormat ?? 'yyyy-mm-dd' } : {},
  );
  sheet.columns = columns.map((name, c) => ({
    width: Math.min(40, Math.max(12, (columnHeaders[name] ?? name).length + 2)),
    style: cellStyles[c],
  }));
  const fieldRow = sheet.addRow(columns);
  fieldRow.hidden = true;
  fieldRow.commit();
  const headerRow = sheet.addRow(columns.map((name) => columnHeaders[name] ?? name));
  headerRow.font = { bold: true };
  headerRow.commit();

  for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
    const batch = ids.slice(i, i + EXPORT_BATCH);
    const byId = new Map((await spec.readBatch(batch)).map((r) => [r.id, r]));
    for (const id of batch) {
      const row = byId.get(id);
      if (!row) continue;
      const sheetRow = sheet.addRow(readers.map((read) => read(row)));
      // One style object per column: exceljs works out a style once per object it sees, not once per cell.
      cellStyles.forEach((style, c) => (sheetRow.getCell(c + 1).style = style));
      sheetRow.commit();
    }
    // The client reads slower than the database answers: wait for the stream to drain before the next batch.
    if (stream.writableNeedDrain) await once(stream, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}
