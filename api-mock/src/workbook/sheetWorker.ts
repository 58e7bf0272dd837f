import { parentPort, workerData } from 'node:worker_threads';
import { ImportRefused, readWorkbookSheet, type Sheet } from './sheet';

/** What the worker answers: sheet 1 read, or the import's refusal code. */
export type SheetWorkerAnswer = { sheet: Sheet } | { refused: number };

const { content, maxRows } = workerData as { content: Uint8Array; maxRows: number };
try {
  const sheet = await readWorkbookSheet(Buffer.from(content.buffer, content.byteOffset, content.byteLength), maxRows);
  parentPort!.postMessage({ sheet } satisfies SheetWorkerAnswer);
} catch (error) {
  if (!(error instanceof ImportRefused)) throw error;
  parentPort!.postMessage({ refused: error.errorCode } satisfies SheetWorkerAnswer);
}
