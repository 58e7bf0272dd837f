import { Worker } from 'node:worker_threads';
import { ImportFailure } from '../../../contract/importProduct';
import { IMPORT_ARCHIVE_LIMITS } from '../../../contract/limits';
import { ArchiveRefused, checkArchive, type ArchiveLimits } from './archiveCheck';
import { ImportRefused, type Sheet } from './sheet';
import type { SheetWorkerAnswer } from './sheetWorker';

/** The room one parse gets, how long it may take, and how many run at once (the rest wait their turn). */
export interface ParseLimits {
  memoryMb: number;
  timeoutMs: number;
  concurrent: number;
}
export const PARSE_LIMITS: ParseLimits = { memoryMb: 512, timeoutMs: 60_000, concurrent: 2 };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** OLE2 compound file: the legacy binary .xls. */
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const WORKER_BOOT = new URL('./workerBoot.mjs', import.meta.url);
const SHEET_WORKER = new URL('./sheetWorker.ts', import.meta.url).href;

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(limit: number, work: () => Promise<T>): Promise<T> {
  if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** exceljs in a worker thread with its own heap cap and deadline: a heavy workbook never stalls other requests. */
function parseInWorker(content: Buffer, maxRows: number, limits: ParseLimits): Promise<Sheet> {
  const copy = new Uint8Array(content);
  return new Promise<Sheet>((resolve, reject) => {
    const worker = new Worker(WORKER_BOOT, {
      workerData: { entry: SHEET_WORKER, content: copy, maxRows },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    const deadline = setTimeout(() => {
      reject(new ImportRefused(ImportFailure.UnsafeArchive));
      void worker.terminate();
    }, limits.timeoutMs);
    const settle = () => clearTimeout(deadline);
    worker.once('message', (answer: SheetWorkerAnswer) => {
      settle();
      if ('sheet' in answer) resolve(answer.sheet);
      else reject(new ImportRefused(answer.refused));
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      settle();
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ImportRefused(ImportFailure.UnsafeArchive) : error);
    });
    worker.once('exit', (code) => {
      settle();
      reject(new Error(`sheet worker exited with ${code} before answering`));
    });
  });
}

/**
 * Sheet 1 of an uploaded spreadsheet: a legacy .xls or a non-zip is refused by its first bytes, the zip's directory
 * and inflated sizes are checked (a zip bomb is refused within a second), then exceljs reads it in a worker.
 */
export async function readSpreadsheet(
  content: Buffer,
  limits: { archive?: ArchiveLimits & { maxRows: number }; parse?: ParseLimits } = {},
): Promise<Sheet> {
  const archive = limits.archive ?? IMPORT_ARCHIVE_LIMITS;
  const parse = limits.parse ?? PARSE_LIMITS;
  if (content.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) throw new ImportRefused(ImportFailure.LegacyXls);
  if (!content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new ImportRefused(ImportFailure.NotAWorkbook);
  try {
    await checkArchive(content, archive);
  } catch (error) {
    if (!(error instanceof ArchiveRefused)) throw error;
    throw new ImportRefused(error.reason === 'notZip' ? ImportFailure.NotAWorkbook : ImportFailure.UnsafeArchive);
  }
  return inTurn(parse.concurrent, () => parseInWorker(content, archive.maxRows, parse));
}
