import { IMPORT_FILE_MAX_BYTES } from '../../../contract/limits';
import {
  IMPORT_FILE_MAX_BASE64,
  ImportFailure,
  ImportProductRequest,
  type ImportProductServerMessage,
  type ImportRowErrors,
} from '../../../contract/importProduct';
import { findSessionById } from '../auth/sessions';
import type { HubJob } from './hubJob';
import { HttpProblem } from '../lib/problem';
import { requireOwnLocation } from '../location/queries';
import { checkRows } from '../equipment/import.queries';
import { saveImport } from '../equipment/importBatches.queries';
import { readSpreadsheet } from '../workbook/readSpreadsheet';
import { ImportRefused } from '../workbook/sheet';

/** Share of the progress bar each step ends at: reading the file, checking the rows, saving them. */
const PROGRESS = { received: 5, read: 20, checked: 50, saved: 99 } as const;
/** Rows checked between two progress messages (and two turns of the event loop, so messages go out). */
const CHECK_CHUNK = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The hub method importProduct (spec 2 section 7): the caller's location and an .xlsx file as base64. Answers the
 * connection that sent it with ImportProductProgress while reading, checking and saving, then ImportProductCompleted.
 * Valid rows are saved all or nothing, a batch per transaction (see saveImport); invalid rows come back with their
 * codes.
 */
export async function importProduct({ db, sessionId, send: sendAny, log }: HubJob, message: unknown): Promise<void> {
  let progress = -1;
  const send = (m: ImportProductServerMessage) => sendAny(m);
  const report = (value: number) => {
    const rounded = Math.min(100, Math.floor(value));
    if (rounded <= progress) return;
    progress = rounded;
    send({ type: 'ImportProductProgress', progress: rounded });
  };
  const complete = (errorCode: number, result: ImportRowErrors = {}, importedCount = 0) =>
    send({ type: 'ImportProductCompleted', errorCode, result, importedCount });

  try {
    // The session may have ended since the connection opened: ask again.
    const session = await findSessionById(db, sessionId);
    if (!session) return complete(ImportFailure.NotSignedIn);
    const { fileContent: sent } = message as { fileContent?: unknown };
    if (typeof sent === 'string' && sent.length > IMPORT_FILE_MAX_BASE64) return complete(ImportFailure.FileTooLarge);
    const parsed = ImportProductRequest.safeParse(message);
    if (!parsed.success) return complete(ImportFailure.BadMessage);
    const { locationId, fileContent } = parsed.data;

    const customer = await db
      .selectFrom('customers')
      .select('is_product_adding_enabled')
      .where('id', '=', session.customerId)
      .executeTakeFirst();
    if (!customer?.is_product_adding_enabled) return complete(ImportFailure.Forbidden);
    await requireOwnLocation(db, locationId, session.customerId);

    const content = Buffer.from(fileContent, 'base64');
    if (content.length > IMPORT_FILE_MAX_BYTES) return complete(ImportFailure.FileTooLarge);
    report(PROGRESS.received);
    await nextTurn();

    const { rows, date1904 } = await readSpreadsheet(content);
    report(PROGRESS.read);

    const currentYear = new Date().getFullYear();
    const valid: ReturnType<typeof checkRows>['valid'] = [];
    const failed: ImportRowErrors = {};
    for (let i = 0; i < rows.length; i += CHECK_CHUNK) {
      const checked = checkRows(rows.slice(i, i + CHECK_CHUNK), { date1904, currentYear });
      valid.push(...checked.valid);
      Object.assign(failed, checked.failed);
      const checkedSoFar = Math.min(i + CHECK_CHUNK, rows.length);
      report(PROGRESS.read + ((PROGRESS.checked - PROGRESS.read) * checkedSoFar) / rows.length);
      await nextTurn();
    }

    const ids = await saveImport(
      db,
      valid,
      { customerId: session.customerId, locationId, userId: session.userId },
      { fileBytes: content.length, rowCount: rows.length, failed },
      (count) => report(PROGRESS.checked + ((PROGRESS.saved - PROGRESS.checked) * count) / valid.length),
    );
    report(100);
    complete(0, failed, ids.length);
  } catch (error) {
    if (error instanceof ImportRefused) return complete(error.errorCode);
    if (error instanceof HttpProblem) return complete(error.errorCode);
    log.error({ err: error }, 'product import failed');
    complete(ImportFailure.ServerError);
  }
}
