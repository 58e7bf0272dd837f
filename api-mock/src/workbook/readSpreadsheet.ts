import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ImportFailure } from '../../../contract/importProduct';
import { IMPORT_ARCHIVE_LIMITS } from '../../../contract/limits';
import { ArchiveRefused, checkArchive, type ArchiveLimits } from './archiveCheck';
import { convertLegacyXls, isLegacyXls } from './legacyXls';
import { ImportRefused, type Sheet } from './sheet';
import type { SheetJob, SheetWorkerAnswer } from './sheetWorker';

/** The room one parse gets, how long it may take, and how many run at once (the rest wait their turn). */
export interface ParseLimits {
  memoryMb: number;
  timeoutMs: number;
  concurrent: number;
}
export const PARSE_LIMITS: ParseLimits = { memoryMb: 512, timeoutMs: 60_000, concurrent: 2 };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

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

/** The last of a dead parse's error output kept, enough for Node's out-of-memory report. */
const STDERR_KEPT = 4_096;

/**
 * exceljs in a child process with its own heap cap and deadline: a heavy workbook never stalls other requests, and a
 * workbook that exhausts the heap kills only that process (a worker thread's heap limit can abort the whole server).
 */
function parseInProcess(
  content: Buffer,
  maxRows: number,
  limits: ParseLimits,
  fields: readonly string[] | undefined,
): Promise<Sheet> {
  return new Promise<Sheet>((resolve, reject) => {
    const child = fork(fileURLToPath(WORKER_BOOT), [SHEET_WORKER], {
      execArgv: [`--max-old-space-size=${limits.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // V8 names an exhausted heap at the start and then prints a long native stack: the head keeps the name.
    let stderrHead = '';
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderrHead.length < STDERR_KEPT) stderrHead = (stderrHead + chunk).slice(0, STDERR_KEPT);
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const deadline = setTimeout(() => {
      settle(() => reject(new ImportRefused(ImportFailure.UnsafeArchive)));
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.once('message', (answer: SheetWorkerAnswer) =>
      settle(() => ('sheet' in answer ? resolve(answer.sheet) : reject(new ImportRefused(answer.refused)))),
    );
    child.once('error', (error) => settle(() => reject(error)));
    child.once('close', (code, signal) =>
      settle(() =>
        reject(
          /heap out of memory|allocation failed/i.test(`${stderrHead}\n${stderr}`)
            ? new ImportRefused(ImportFailure.UnsafeArchive)
            : new Error(`sheet process ended (${signal ?? code}) before answering: ${stderr.trim()}`),
        ),
      ),
    );
    child.send({ content: new Uint8Array(content), maxRows, fields } satisfies SheetJob);
  });
}

async function checked(content: Buffer, archive: ArchiveLimits): Promise<void> {
  try {
    await checkArchive(content, archive);
  } catch (error) {
    if (!(error instanceof ArchiveRefused)) throw error;
    throw new ImportRefused(error.reason === 'notZip' ? ImportFailure.NotAWorkbook : ImportFailure.UnsafeArchive);
  }
}

/**
 * Sheet 1 of an uploaded spreadsheet, known by its first bytes. An .xlsx (a zip) has its directory and inflated
 * sizes checked (a zip bomb is refused within a second), then exceljs reads it in a child process. An .xls is first
 * converted to .xlsx in a child process (legacyXls.ts) in the same turn and time limit, then read the same way.
 */
export async function readSpreadsheet(
  content: Buffer,
  limits: { archive?: ArchiveLimits & { maxRows: number }; parse?: ParseLimits; fields?: readonly string[] } = {},
): Promise<Sheet> {
  const archive = limits.archive ?? IMPORT_ARCHIVE_LIMITS;
  const parse = limits.parse ?? PARSE_LIMITS;
  if (isLegacyXls(content)) {
    return inTurn(parse.concurrent, async () => {
      const started = performance.now();
      const converted = await convertLegacyXls(content, {
        memoryMb: parse.memoryMb,
        timeoutMs: parse.timeoutMs,
        maxOutputBytes: archive.maxUncompressedBytes,
      });
      await checked(converted, archive);
      const timeoutMs = Math.floor(parse.timeoutMs - (performance.now() - started));
      if (timeoutMs <= 0) throw new ImportRefused(ImportFailure.UnsafeArchive);
      return parseInProcess(converted, archive.maxRows, { ...parse, timeoutMs }, limits.fields);
    });
  }
  if (!content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new ImportRefused(ImportFailure.NotAWorkbook);
  await checked(content, archive);
  return inTurn(parse.concurrent, () => parseInProcess(content, archive.maxRows, parse, limits.fields));
}
