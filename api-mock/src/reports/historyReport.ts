import type { HistoryExportData } from '../historyExport/historyExportData';
import { historyExportTexts } from '../historyExport/historyExportTexts';
import { newReportDocument, reportOffset, type ReportOptions } from './reportDocument';
import { fieldGrid, footers, heading, paragraph, show, table, title, type Column } from './reportLayout';

/**
 * An instrument's history for an inspection as an A4 PDF in the user's language, laid out as the other reports: the
 * instrument, then every entry oldest first with its chain position and hash, when (in the user's offset, named in
 * the heading), who and what, one row per changed field with its value before and after.
 */
export async function renderHistoryReport(data: HistoryExportData, options: ReportOptions): Promise<Buffer> {
  const x = historyExportTexts(options.language, reportOffset(options.utcOffsetMinutes));
  const { t, format } = x;
  const serial = show(data.instrument.serial);
  const { doc, finished } = newReportDocument(x.code, `${t.title} ${serial}`);
  title(doc, t.title, t.serial, serial);
  fieldGrid(
    doc,
    [
      [t.make, show(data.instrument.mfg)],
      [t.model, show(data.instrument.model)],
      [t.inventory_id, show(data.instrument.pkiTag)],
      [t.customer, show(data.customerName)],
    ],
    4,
  );

  heading(doc, format(t.footer, { serial }), { note: format(t.time_zone, { zone: x.zone }) });
  paragraph(doc, format(t.summary, { count: data.entries.length }));
  paragraph(doc, format(t.exported, { time: `${x.time(data.exportedAt)} (${x.zone})` }));
  if (data.entries.length === 0) paragraph(doc, t.no_entries);
  else {
    const columns: Column[] = [
      { header: t.column_position, width: 52, align: 'right' },
      { header: t.column_hash, width: 56 },
      { header: t.column_time, width: 72 },
      { header: t.column_actor, width: 62 },
      { header: t.column_event, width: 0 },
      { header: t.column_field, width: 64 },
      { header: t.column_from, width: 62 },
      { header: t.column_to, width: 62 },
    ];
    const rows: string[][] = [];
    for (const entry of data.entries) {
      const what = entry.subject ? `${x.event(entry.eventType)} · ${entry.subject}` : x.event(entry.eventType);
      const head = [String(entry.position), entry.hash, x.time(entry.time), entry.actorName ?? x.system, what];
      if (entry.changes.length === 0) rows.push([...head, '', '', '']);
      entry.changes.forEach((change, i) => {
        const cells = [x.field(change.field), show(x.value(change.old)), show(x.value(change.new))];
        rows.push([...(i === 0 ? head : ['', '', '', '', '']), ...cells]);
      });
    }
    table(doc, columns, rows);
  }

  footers(doc, format(t.footer, { serial }), (page, pages) => format(t.footer_page, { page, pages }));
  doc.end();
  return finished;
}
