import { Worker } from 'node:worker_threads';
import type { ContractReportData } from './contractReportData';
import type { HistoryExportData } from '../historyExport/historyExportData';
import type { LabelSheetData } from './labelSheet';
import type { ReportOptions } from './reportDocument';
import type { ReportAnswer, ReportJob, ReportRequest } from './reportWorker';
import type { ServiceReportData } from './serviceReportData';

const WORKER_BOOT = new URL('../workbook/workerBoot.mjs', import.meta.url);
const REPORT_WORKER = new URL('./reportWorker.ts', import.meta.url).href;

/** Reports waiting for the worker at most; more answer "busy" at once. Chosen: not in spec. */
export const REPORT_QUEUE_MAX = 20;
/** A report that takes longer is given up (and the worker restarted). Chosen: not in spec. */
const REPORT_TIMEOUT_MS = 15_000;

export class ReportBusy extends Error {}

interface Pending {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Reports (service reports, contracts) rendered in one long-lived worker thread: pdfkit's layout is CPU work that
 * would otherwise hold the event loop (and every other user's request) for the length of each report. The worker
 * starts on the first report (or `start`), keeps its parsed fonts, and is replaced if it dies or hangs.
 */
export class ReportRenderer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  start(): void {
    if (this.worker) return;
    const worker = new Worker(WORKER_BOOT, { workerData: { entry: REPORT_WORKER } });
    worker.unref();
    worker.on('message', (answer: ReportAnswer) => {
      const job = this.pending.get(answer.id);
      if (!job) return;
      this.pending.delete(answer.id);
      clearTimeout(job.timer);
      if ('pdf' in answer) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else job.reject(new Error(answer.error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, job] of this.pending) {
        clearTimeout(job.timer);
        job.reject(error);
        this.pending.delete(id);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`report worker exited with ${code}`)));
    this.worker = worker;
  }

  /** The service report of a work order. */
  render(data: ServiceReportData, options: ReportOptions): Promise<Buffer> {
    return this.run({ kind: 'service', data }, options);
  }

  /** The contract of an instrument. */
  renderContract(data: ContractReportData, options: ReportOptions): Promise<Buffer> {
    return this.run({ kind: 'contract', data }, options);
  }

  /** A sheet of QR labels. */
  renderLabels(data: LabelSheetData, options: ReportOptions): Promise<Buffer> {
    return this.run({ kind: 'labels', data }, options);
  }

  /** The history of an instrument, for an inspection. */
  renderHistory(data: HistoryExportData, options: ReportOptions): Promise<Buffer> {
    return this.run({ kind: 'history', data }, options);
  }

  private run(report: ReportRequest, options: ReportOptions): Promise<Buffer> {
    if (this.pending.size >= REPORT_QUEUE_MAX) return Promise.reject(new ReportBusy('too many reports waiting'));
    this.start();
    const worker = this.worker!;
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('the report took too long'));
        void worker.terminate();
      }, REPORT_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, report, options } satisfies ReportJob);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
