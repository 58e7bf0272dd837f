import { ImportRefused, readWorkbookSheet, type Sheet } from './sheet';

/** What the parent sends the sheet process, and what it answers: sheet 1 read, or the import's refusal code. */
export interface SheetJob {
  content: Uint8Array;
  maxRows: number;
  /** The field names row 1 may hold; the equipment import's when not given. */
  fields?: readonly string[];
}
export type SheetWorkerAnswer = { sheet: Sheet } | { refused: number };

const answer = (reply: SheetWorkerAnswer) => process.send!(reply, () => process.disconnect());

process.once('message', async ({ content, maxRows, fields }: SheetJob) => {
  try {
    answer({
      sheet: await readWorkbookSheet(
        Buffer.from(content.buffer, content.byteOffset, content.byteLength),
        maxRows,
        fields,
      ),
    });
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    answer({ refused: error.errorCode });
  }
});
