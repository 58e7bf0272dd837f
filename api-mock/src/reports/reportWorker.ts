import { parentPort } from 'node:worker_threads';
import { renderServiceReport, warmUpServiceReports, type ServiceReportData } from './serviceReport';

/** A render asked of the report worker, and its answer (the PDF's bytes are transferred, not copied). */
export interface ReportJob {
  id: number;
  data: ServiceReportData;
  options: { language: string; utcOffsetMinutes?: number };
}
export type ReportAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort!;
// Fonts parsed and code warmed before the first real report: that one then renders as fast as the others.
const ready = warmUpServiceReports();
port.on('message', (job: ReportJob) => {
  void ready
    .then(() => renderServiceReport(job.data, job.options))
    .then((pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      port.postMessage({ id: job.id, pdf: bytes } satisfies ReportAnswer, [bytes.buffer as ArrayBuffer]);
    })
    .catch((error: unknown) => port.postMessage({ id: job.id, error: String(error) } satisfies ReportAnswer));
});
