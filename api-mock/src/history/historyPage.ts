import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { HistoryChange, type HistoryEntry, type HistoryPage } from '../../../contract/history';
import type { Database } from '../db/schema';
import { historyValue } from './changes';
import { onePage } from '../lib/paging';

/** Which events make up a record's history. */
export type HistorySubject =
  | { kind: 'equipment'; id: number }
  | { kind: 'reservation'; id: number; seriesId: number | null }
  | { kind: 'serviceCall'; id: number };

const documentsOf = (ownerType: 'Equipment' | 'ServiceCall', id: number): Expression<SqlBool> =>
  sql<SqlBool>`(events.entity_type = 'document' and events.payload->>'ownerType' = ${ownerType}
    and events.payload->>'ownerId' = ${String(id)})`;

const eventsOf = (entityType: string, id: number): Expression<SqlBool> =>
  sql<SqlBool>`(events.entity_type = ${entityType} and events.entity_id = ${String(id)})`;

export function conditionOf(subject: HistorySubject): Expression<SqlBool> {
  switch (subject.kind) {
    case 'equipment':
      return sql<SqlBool>`(${eventsOf('equipment', subject.id)} or ${documentsOf('Equipment', subject.id)}
        or (events.entity_type = 'serviceCall' and events.payload->>'equipmentId' = ${String(subject.id)}))`;
    case 'reservation':
      // The repetitions of a series are created by one event, recorded on its first reservation (the series id).
      return subject.seriesId === null || subject.seriesId === subject.id
        ? eventsOf('reservation', subject.id)
        : sql<SqlBool>`(${eventsOf('reservation', subject.id)} or (${eventsOf('reservation', subject.seriesId)}
            and events.event_type = 'reservation.created'))`;
    case 'serviceCall':
      return sql<SqlBool>`(${eventsOf('serviceCall', subject.id)} or ${documentsOf('ServiceCall', subject.id)})`;
  }
}

const SUBJECT_KEYS = ['documentName', 'fileName', 'serviceOrderNo'] as const;
const Changes = HistoryChange.array();

/** A document's or image's file name, or a work order's number, when the event concerned one. */
export function subjectOf(payload: Record<string, unknown>): string | null {
  for (const key of SUBJECT_KEYS) {
    const value = Object.hasOwn(payload, key) ? payload[key] : undefined;
    if (typeof value === 'string' && value !== '') return value.slice(0, 300);
  }
  return null;
}

/** The changes an event recorded; events written before changes were recorded have none. */
export function changesOf(payload: Record<string, unknown>): HistoryChange[] {
  const parsed = Changes.safeParse(Object.hasOwn(payload, 'changes') ? payload.changes : []);
  return parsed.success ? parsed.data.map((c) => ({ ...c, old: historyValue(c.old), new: historyValue(c.new) })) : [];
}

/** One page of a record's history, newest first, only from events of the caller's customer. */
export async function historyPage(
  db: Kysely<Database>,
  customerId: number,
  subject: HistorySubject,
  page: { pageIndex: number; pageSize: number },
): Promise<HistoryPage> {
  const events = db.selectFrom('events').where('events.customer_id', '=', customerId).where(conditionOf(subject));
  // One scan gives the page and the total; a page past the end has no row to carry it, so it counts apart.
  const sorted = events
    .leftJoin('users', 'users.id', 'events.actor_id')
    .select([
      'events.id',
      'events.time',
      'events.event_type',
      'events.payload',
      sql<string | null>`nullif(trim(concat_ws(' ', users.first_name, users.last_name)), '')`.as('actor_name'),
      sql<string>`count(*) over ()`.as('total'),
    ])
    .orderBy('events.id', 'desc');
  const rows = await onePage(sorted, page).execute();
  const totalCount =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number((await events.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()).count);
  const items = rows.map((row): HistoryEntry => {
    const payload = (row.payload ?? {}) as Record<string, unknown>;
    return {
      id: Number(row.id),
      time: new Date(row.time as unknown as string).toISOString(),
      eventType: row.event_type,
      actorName: row.actor_name ? row.actor_name.slice(0, 200) : null,
      subject: subjectOf(payload),
      changes: changesOf(payload).slice(0, 200),
    };
  });
  return { items, totalCount };
}
