import ExcelJS from 'exceljs';
import type { HistoryExportData } from './historyExportData';
import { historyExportTexts } from './historyExportTexts';

/** A cell a spreadsheet would run as a formula starts with one of these; such a cell is written after a "'". */
const FORMULA_START = /^[=+\-@\t\r]/;
export const csvCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/**
 * An instrument's history as CSV for a spreadsheet: a UTF-8 byte-order mark (Excel then reads it as UTF-8), a header
 * row in the user's language, then one row per changed field (an entry without field changes has one row), oldest
 * first, each with the entry's chain position and hash, its time with the offset, who, what and about which file or
 * order. Every cell is text; none can start a formula.
 */
export async function historyCsv(
  data: HistoryExportData,
  options: { language: string; utcOffsetMinutes: number },
): Promise<Buffer> {
  const x = historyExportTexts(options.language, options.utcOffsetMinutes);
  const { t } = x;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('history');
  sheet.addRow([
    t.column_position,
    t.column_hash,
    t.column_event_id,
    t.column_time,
    t.column_time_zone,
    t.column_actor,
    t.column_event,
    t.column_subject,
    t.column_field_name,
    t.column_field,
    t.column_from,
    t.column_to,
  ]);
  for (const entry of data.entries) {
    const head = [
      String(entry.position),
      entry.hash,
      String(entry.id),
      x.isoTime(entry.time),
      x.zone,
      entry.actorName ?? x.system,
      x.event(entry.eventType),
      entry.subject ?? '',
    ];
    const changes = entry.changes.length > 0 ? entry.changes : [null];
    for (const change of changes) {
      const row = change
        ? [...head, change.field, x.field(change.field), x.value(change.old), x.value(change.new)]
        : [...head, '', '', '', ''];
      sheet.addRow(row.map(csvCell));
    }
  }
  const csv = await workbook.csv.writeBuffer({ formatterOptions: { writeBOM: true, quoteColumns: true } });
  return Buffer.from(csv);
}
