import { sql, type Kysely } from 'kysely';
import { HISTORY_EXPORT_MAX, HISTORY_HASH_PREFIX } from '../../../contract/historyExport';
import type { Database } from '../db/schema';
import { changesOf, conditionOf, subjectOf } from '../history/historyPage';
import { languageCodeOf } from '../lib/languages';
import type { HistoryExportData } from './historyExportData';

/**
 * The whole history of an instrument (the History tab's events), oldest first in chain order, with each entry's
 * chain position and hash; only events of the caller's customer. `tooMany` when it holds more than the cap: one
 * more row than the cap is read to tell.
 */
export async function instrumentHistoryExport(
  db: Kysely<Database>,
  customerId: number,
  equipment: { id: number; mfg: string | null; model: string | null; serial: string | null; pki_tag: string | null },
): Promise<{ tooMany: true } | { tooMany: false; data: HistoryExportData }> {
  const [rows, customer] = await Promise.all([
    db
      .selectFrom('events')
      .leftJoin('users', 'users.id', 'events.actor_id')
      .where('events.customer_id', '=', customerId)
      .where(conditionOf({ kind: 'equipment', id: equipment.id }))
      .select([
        'events.id',
        'events.time',
        'events.event_type',
        'events.payload',
        'events.chain_position',
        sql<string>`left(encode(events.chain_hash, 'hex'), ${HISTORY_HASH_PREFIX})`.as('hash'),
        sql<string | null>`nullif(trim(concat_ws(' ', users.first_name, users.last_name)), '')`.as('actor_name'),
      ])
      .orderBy('events.chain_position')
      .limit(HISTORY_EXPORT_MAX + 1)
      .execute(),
    db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirst(),
  ]);
  if (rows.length > HISTORY_EXPORT_MAX) return { tooMany: true };
  return {
    tooMany: false,
    data: {
      instrument: { mfg: equipment.mfg, model: equipment.model, serial: equipment.serial, pkiTag: equipment.pki_tag },
      customerName: customer?.name ?? null,
      exportedAt: new Date().toISOString(),
      entries: rows.map((row) => {
        const payload = (row.payload ?? {}) as Record<string, unknown>;
        return {
          id: Number(row.id),
          position: Number(row.chain_position),
          hash: row.hash,
          time: new Date(row.time as unknown as string).toISOString(),
          eventType: row.event_type,
          actorName: row.actor_name ? row.actor_name.slice(0, 200) : null,
          subject: subjectOf(payload),
          changes: changesOf(payload),
        };
      }),
    },
  };
}

/** The portal language of a user, which their exports are written in. */
export async function languageOf(db: Kysely<Database>, userId: number) {
  const user = await db.selectFrom('users').select('language_code').where('id', '=', userId).executeTakeFirst();
  return languageCodeOf(user?.language_code);
}
