import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ImportRowErrors } from '../../../contract/importProduct';
import { appendEvent } from '../db/events';
import type { Database } from '../db/schema';
import { IMPORT_INSERT_BATCH, insertImportedBatch, type ImportedEquipment, type ImportOwner } from './import.queries';

const ENTITY = 'equipmentImport';
export const IMPORT_EVENTS = {
  batch: 'EquipmentImportBatchSaved',
  done: 'EquipmentImported',
  undone: 'EquipmentImportRolledBack',
} as const;

/** An import whose newest batch is older than this, with no outcome, was cut off (its server stopped). */
export const IMPORT_STALE_MS = 2 * 60_000;

/**
 * Save an import batch by batch, each batch in its own short transaction with its journal event, so one import
 * never holds the database for more than a batch (PGlite has one connection for everybody). The import is still
 * all or nothing: a failed batch takes back the batches before it, and an import cut off by a crash is taken back
 * by `rollBackStaleImports`. Its outcome event lists every saved id.
 */
export async function saveImport(
  db: Kysely<Database>,
  rows: readonly ImportedEquipment[],
  owner: ImportOwner,
  summary: { fileBytes: number; rowCount: number; failed: ImportRowErrors },
  onBatch: (saved: number) => void,
): Promise<number[]> {
  const importId = randomUUID();
  const event = (eventType: string, payload: object) => ({
    customerId: owner.customerId,
    actorId: owner.userId,
    entityType: ENTITY,
    entityId: importId,
    eventType,
    payload: { locationId: owner.locationId, ...payload },
  });
  const ids: number[] = [];
  try {
    for (let i = 0; i < rows.length; i += IMPORT_INSERT_BATCH) {
      const batchIds = await db.transaction().execute(async (trx) => {
        const saved = await insertImportedBatch(trx, rows.slice(i, i + IMPORT_INSERT_BATCH), owner);
        await appendEvent(trx, event(IMPORT_EVENTS.batch, { equipmentIds: saved }));
        return saved;
      });
      ids.push(...batchIds);
      onBatch(ids.length);
    }
    await appendEvent(
      db,
      event(IMPORT_EVENTS.done, {
        fileBytes: summary.fileBytes,
        rowCount: summary.rowCount,
        importedCount: ids.length,
        failedRows: Object.keys(summary.failed).map(Number),
        equipmentIds: ids,
      }),
    );
    return ids;
  } catch (error) {
    await rollBackImport(db, importId, ids, owner);
    throw error;
  }
}

async function rollBackImport(
  db: Kysely<Database>,
  importId: string,
  ids: readonly number[],
  owner: Pick<ImportOwner, 'customerId' | 'userId'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) await trx.deleteFrom('equipment').where('id', 'in', ids).execute();
    await appendEvent(trx, {
      customerId: owner.customerId,
      actorId: owner.userId,
      entityType: ENTITY,
      entityId: importId,
      eventType: IMPORT_EVENTS.undone,
      payload: { equipmentIds: ids },
    });
  });
}

/** Take back every import that saved batches but has no outcome and whose newest batch is older than `staleMs`. */
export async function rollBackStaleImports(db: Kysely<Database>, staleMs = IMPORT_STALE_MS): Promise<number> {
  const cutOff = await db
    .selectFrom('events')
    .select(['entity_id', sql<number>`max(customer_id)`.as('customer_id'), sql<number>`max(actor_id)`.as('actor_id')])
    .where('entity_type', '=', ENTITY)
    .groupBy('entity_id')
    .having(sql<boolean>`bool_and(event_type = ${IMPORT_EVENTS.batch})`)
    .having(sql<boolean>`max(time) < now() - make_interval(secs => ${staleMs / 1000})`)
    .execute();
  for (const open of cutOff) {
    const batches = await db
      .selectFrom('events')
      .select('payload')
      .where('entity_type', '=', ENTITY)
      .where('entity_id', '=', open.entity_id)
      .execute();
    const ids = batches.flatMap((b) => (b.payload as { equipmentIds: number[] }).equipmentIds);
    await rollBackImport(db, open.entity_id, ids, { customerId: open.customer_id, userId: open.actor_id });
  }
  return cutOff.length;
}
