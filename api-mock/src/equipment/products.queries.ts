import { sql, type Kysely, type Transaction } from 'kysely';
import { appendEvents } from '../db/events';
import { EquipmentRowEdit } from '../../../contract/equipment';
import type { Database } from '../db/schema';
import { changerName, equipmentChanges, equipmentColumnsOf } from './write.queries';
import { EQUIPMENT_FIELDS } from './fields';

/** The equipment fields a products-management row edit writes; isHidden is a flag outside the field registry. */
const ROW_EDIT_FIELDS: readonly string[] = Object.keys(EquipmentRowEdit.shape).filter(
  (name) => name !== 'equipmentId' && name !== 'isHidden',
);

const PG_TYPE = { text: 'text', number: 'integer', date: 'date', dateTime: 'timestamptz', boolean: 'boolean' } as const;

/** The SQL type of each column a row edit may write, for the typed VALUES list of the batched update. */
const COLUMN_TYPE = new Map<string, string>([
  ...ROW_EDIT_FIELDS.map((field): [string, string] => {
    const { column, type } = EQUIPMENT_FIELDS[field]!;
    return [column.slice('equipment.'.length), PG_TYPE[type]];
  }),
  ['is_hidden', 'boolean'],
]);

/** The rows as column changes, grouped by which columns they change: one UPDATE serves each group. */
function groupByColumns(rows: readonly EquipmentRowEdit[]) {
  const groups = new Map<string, { columns: string[]; rows: { id: number; values: Record<string, unknown> }[] }>();
  for (const row of rows) {
    const values: Record<string, unknown> = { ...equipmentColumnsOf(row, ROW_EDIT_FIELDS) };
    if (row.isHidden !== undefined) values.is_hidden = row.isHidden;
    const columns = Object.keys(values).sort();
    const key = columns.join(',');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push({ id: row.equipmentId, values });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Save the edited rows in one transaction, each with its `equipment.updated` event: all of them or none. Only the
 * cells sent change; the change is recorded under the PE user's name. Rows changing the same cells are written by
 * one statement, so a page of edits costs a few round trips, not two per row.
 */
export async function saveEditedRows(
  db: Kysely<Database>,
  actor: { customerId: number; userId: number },
  rows: readonly EquipmentRowEdit[],
): Promise<number> {
  const ids = rows.map((row) => row.equipmentId);
  const versions = (trx: Transaction<Database>, lock: boolean) =>
    trx
      .selectFrom('equipment')
      .selectAll()
      .where('id', 'in', ids)
      .where('customer_id', '=', actor.customerId)
      .$if(lock, (q) => q.forUpdate())
      .execute()
      .then((found) => new Map(found.map((row) => [row.id, row])));
  return db.transaction().execute(async (trx) => {
    const before = await versions(trx, true);
    const changedBy = await changerName(trx, actor.userId);
    for (const { columns, rows: group } of groupByColumns(rows)) {
      const typed = (column: string, value: unknown) => sql`${value}::${sql.raw(COLUMN_TYPE.get(column)!)}`;
      const values = group.map(
        (r) => sql`(${sql.join([sql`${r.id}::integer`, ...columns.map((c) => typed(c, r.values[c]))])})`,
      );
      const sets = columns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(c)}`);
      await sql`update equipment as e
        set ${sql.join([...sets, sql`changed_by_cust = ${changedBy}`, sql`changed_on_cust = now()`, sql`updated_at = now()`])}
        from (values ${sql.join(values)}) as v(id${sql.join(
          columns.map((c) => sql`, ${sql.ref(c)}`),
          sql``,
        )})
        where e.id = v.id and e.customer_id = ${actor.customerId}`.execute(trx);
    }
    const after = await versions(trx, false);
    await appendEvents(
      trx,
      rows.map((row) => ({
        customerId: actor.customerId,
        actorId: actor.userId,
        entityType: 'equipment',
        entityId: row.equipmentId,
        eventType: 'equipment.updated',
        payload: { source: 'productsManagement', ...row },
        changes: equipmentChanges(before.get(row.equipmentId) ?? null, after.get(row.equipmentId) ?? null, [
          ...ROW_EDIT_FIELDS,
          'isHidden',
        ]),
      })),
    );
    return rows.length;
  });
}
