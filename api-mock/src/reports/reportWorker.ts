import { parentPort } from 'node:worker_threads';
import { renderContractReport, type ContractReportData } from './contractReport';
import type { HistoryExportData } from '../historyExport/historyExportData';
import { renderHistoryReport } from './historyReport';
import { renderLabelSheet, type LabelSheetData } from './labelSheet';
import type { ReportOptions } from './reportDocument';
import { renderServiceReport, warmUpServiceReports, type ServiceReportData } from './serviceReport';

/** The reports the worker makes: a work order's service report, an instrument's contract and its history, a sheet of QR labels. */
export type ReportRequest =
  | { kind: 'service'; data: ServiceReportData }
  | { kind: 'contract'; data: ContractReportData }
  | { kind: 'history'; data: HistoryExportData }
  | { kind: 'labels'; data: LabelSheetData };

/** A render asked of the report worker, and its answer (the PDF's bytes are transferred, not copied). */
export interface ReportJob {
  id: number;
  report: ReportRequest;
  options: ReportOptions;
}
export type ReportAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

function render(report: ReportRequest, options: ReportOptions) {
  if (report.kind === 'labels') return renderLabelSheet(report.data, options);
  if (report.kind === 'history') return renderHistoryReport(report.data, options);
  return report.kind === 'contract'
    ? renderContractReport(report.data, options)
    : renderServiceReport(report.data, options);
}

const port = parentPort!;
// Fonts parsed and code warmed before the first real report: that one then renders as fast as the others.
const ready = warmUpServiceReports();
port.on('message', (job: ReportJob) => {
  void ready
    .then(() => render(job.report, job.options))
    .then((pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      port.postMessage({ id: job.id, pdf: bytes } satisfies ReportAnswer, [bytes.buffer as ArrayBuffer]);
    })
    .catch((error: unknown) => port.postMessage({ id: job.id, error: String(error) } satisfies ReportAnswer));
});
