import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FileIdentifier } from '../../../contract/images';
import type { ImportRowErrors } from '../../../contract/importProduct';
import { PRODUCT_MARKET_FIELDS, ProductMarketImportFailure } from '../../../contract/importProductMarket';
import { PRODUCT_MARKET_INFO_IMPORT_MAX_BYTES } from '../../../contract/images';
import type { AppConfig } from '../deps';
import { appendEvent } from '../db/events';
import type { Database } from '../db/schema';
import {
  CATALOGUE_UPSERT_BATCH,
  checkCatalogueRows,
  upsertCatalogueRows,
} from '../productMarketInfo/catalogue.queries';
import { storageOf } from '../storage';
import { BUCKET_OF_FILE_TYPE } from '../storage/layout';
import { settleUpload } from '../storage/registry';
import { readSpreadsheet } from '../workbook/readSpreadsheet';
import { ImportRefused, type SheetRow } from '../workbook/sheet';

/** What an import ends with: errorCode 0 and the count, or the refusal and the rows' problems (nothing saved). */
export interface CatalogueImportOutcome {
  errorCode: number;
  result: ImportRowErrors;
  importedCount: number;
}

/** Share of the progress each step ends at: reading the file, checking the rows, saving them. */
const PROGRESS = { found: 2, read: 30, checked: 60, saved: 99 } as const;
/** Rows checked between two turns of the event loop, so progress messages go out. */
const CHECK_CHUNK = 250;
/** While a step runs without news (the sheet is parsed in a child process), progress is sent this often. */
export const PROGRESS_HEARTBEAT_MS = 400;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The caller's own upload of a catalogue file: stored, held by no record, in the catalogue bucket, uploaded by this
 * user for the customer the user works for now. Null when there is none such.
 */
async function claimUpload(db: Kysely<Database>, file: FileIdentifier, owner: { userId: number; customerId: number }) {
  if (file.bucketName !== BUCKET_OF_FILE_TYPE.ProductMarketInfo) return undefined;
  return db
    .selectFrom('stored_objects')
    .select('size')
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .where('customer_id', '=', owner.customerId)
    .where('uploaded_by', '=', owner.userId)
    .where('state', '=', 'stored')
    .where('registered_as', 'is', null)
    .executeTakeFirst();
}

/**
 * Import a catalogue file uploaded to storage (spec 3 "Import product info"): read sheet 1 in a child process,
 * check every row, then add or replace all rows by part number in one transaction. Any row with a problem, or a
 * failure while saving, leaves the catalogue as it was. The upload is removed afterwards, whatever the outcome.
 * `onProgress` hears percent done at least every PROGRESS_HEARTBEAT_MS while the import runs.
 */
export async function importCatalogueFile(
  deps: { db: Kysely<Database>; config: AppConfig },
  owner: { userId: number; customerId: number },
  file: FileIdentifier,
  onProgress: (percent: number) => void,
): Promise<CatalogueImportOutcome> {
  const { db, config } = deps;
  const refused = (errorCode: number, result: ImportRowErrors = {}) => ({ errorCode, result, importedCount: 0 });
  let progress = 0;
  const report = (value: number) => {
    progress = Math.max(progress, Math.min(100, Math.floor(value)));
    onProgress(progress);
  };
  const heartbeat = setInterval(() => onProgress(progress), PROGRESS_HEARTBEAT_MS);
  const storage = storageOf(config);
  let claimed = false;
  try {
    await settleUpload(db, storage, file, owner.customerId);
    claimed = (await claimUpload(db, file, owner)) !== undefined;
    const opened = claimed ? await storage.open(file.bucketName, file.resourceKey) : null;
    if (!opened) return refused(ProductMarketImportFailure.FileNotFound);
    const content = await readAll(opened.stream, PRODUCT_MARKET_INFO_IMPORT_MAX_BYTES);
    if (!content) return refused(ProductMarketImportFailure.FileTooLarge);
    report(PROGRESS.found);

    let rows: SheetRow[];
    try {
      ({ rows } = await readSpreadsheet(content, { fields: PRODUCT_MARKET_FIELDS }));
    } catch (error) {
      if (error instanceof ImportRefused) return refused(error.errorCode);
      throw error;
    }
    report(PROGRESS.read);

    const valid: ReturnType<typeof checkCatalogueRows>['valid'] = [];
    const failed: ImportRowErrors = {};
    const seen = new Set<string>();
    for (let i = 0; i < rows.length; i += CHECK_CHUNK) {
      const checked = checkCatalogueRows(rows.slice(i, i + CHECK_CHUNK), seen);
      valid.push(...checked.valid);
      Object.assign(failed, checked.failed);
      report(
        PROGRESS.read + ((PROGRESS.checked - PROGRESS.read) * Math.min(i + CHECK_CHUNK, rows.length)) / rows.length,
      );
      await nextTurn();
    }
    if (Object.keys(failed).length > 0) return refused(ProductMarketImportFailure.InvalidRows, failed);

    await saveAll(db, async (trx) => {
      for (let i = 0; i < valid.length; i += CATALOGUE_UPSERT_BATCH) {
        await upsertCatalogueRows(trx, valid.slice(i, i + CATALOGUE_UPSERT_BATCH));
        const saved = Math.min(i + CATALOGUE_UPSERT_BATCH, valid.length);
        report(PROGRESS.checked + ((PROGRESS.saved - PROGRESS.checked) * saved) / valid.length);
        await nextTurn();
      }
      await appendEvent(trx, {
        customerId: null,
        actorId: owner.userId,
        entityType: 'productMarketInfo',
        entityId: randomUUID(),
        eventType: 'productMarketInfo.imported',
        payload: { file, fileBytes: content.length, importedCount: valid.length },
      });
    });
    report(100);
    return { errorCode: 0, result: {}, importedCount: valid.length };
  } finally {
    clearInterval(heartbeat);
    if (claimed) await removeUpload(db, storage, file, owner).catch(() => undefined);
  }
}

/** Thrown when saving fails: the database's message only, not the thousands of values of the statement. */
export class CatalogueSaveFailed extends Error {}

async function saveAll(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  try {
    await db.transaction().execute(work);
  } catch (error) {
    throw new CatalogueSaveFailed(`saving the catalogue failed: ${(error as Error).message}`);
  }
}

/** The upload has served its purpose: its row and bytes go (only the caller's own, never a registered file). */
async function removeUpload(
  db: Kysely<Database>,
  storage: ReturnType<typeof storageOf>,
  file: FileIdentifier,
  owner: { userId: number; customerId: number },
) {
  const removed = await db
    .deleteFrom('stored_objects')
    .where('bucket_name', '=', file.bucketName)
    .where('resource_key', '=', file.resourceKey)
    .where('uploaded_by', '=', owner.userId)
    .where('registered_as', 'is', null)
    .where(sql<boolean>`state = 'stored'`)
    .returning('resource_key')
    .executeTakeFirst();
  if (removed) await storage.deleteObject(file.bucketName, file.resourceKey);
}
