import { sql, type Insertable, type Kysely } from 'kysely';
import {
  LINKABLE_EQUIPMENT_MAX,
  NEW_EQUIPMENT_MAX,
  USER_ADDED_DATA_SOURCE_ID,
  type EquipmentEdit,
  type EquipmentInput,
} from '../../../contract/equipment';
import type { HistoryChange } from '../../../contract/history';
import { change, type DomainEvent } from '../db/events';
import type { Database, EquipmentTable } from '../db/schema';
import { containsPattern } from '../lib/like';
import {
  equipmentInScope,
  fullTextCondition,
  NEW_EQUIPMENT_DAYS,
  selectListColumns,
  toEquipmentContract,
  type EquipmentListRow,
  type EquipmentScope,
  underContract,
} from './queries';
import {
  changerName,
  equipmentChanges,
  equipmentColumnsOf,
  isEmptyContract,
  linkVendorContract,
  unlinkContracts,
} from './write.queries';

type Db = Kysely<Database>;
/** Who changes: the user, for the customer the user works for. */
interface Changer {
  customerId: number;
  userId: number;
}

const equipmentEvent = (
  actor: Changer,
  id: number,
  eventType: string,
  payload: unknown,
  changes?: HistoryChange[],
): DomainEvent => ({
  customerId: actor.customerId,
  actorId: actor.userId,
  entityType: 'equipment',
  entityId: id,
  eventType,
  payload,
  changes,
});

/** The customer's locations (or the one asked), as tabs of the link-equipment modal, by city. */
export const linkableLocations = (db: Db, customerId: number, locationId: number | undefined) =>
  db
    .selectFrom('locations')
    .select(['id', 'city', 'site_address'])
    .where('customer_id', '=', customerId)
    .$if(locationId !== undefined, (qb) => qb.where('id', '=', locationId!))
    .orderBy('city')
    .orderBy('id')
    .execute();

/**
 * Per location, the ids of the first LINKABLE_EQUIPMENT_MAX equipment matching the keyword (by make, model, serial)
 * and how many match in all, in the modal's order.
 */
export function linkableRanks(db: Db, scope: EquipmentScope, query: { keyword?: string; locationId?: number }) {
  const fullText = fullTextCondition(query.keyword);
  const ranked = equipmentInScope(db, scope)
    .select(['equipment.id', 'equipment.location_id'])
    .select(
      sql<number>`row_number() over (partition by equipment.location_id
        order by equipment.mfg, equipment.model, equipment.serial, equipment.id)`.as('rank'),
    )
    .select(sql<string>`count(*) over (partition by equipment.location_id)`.as('matching'))
    .$if(query.locationId !== undefined, (qb) => qb.where('equipment.location_id', '=', query.locationId!))
    .$if(fullText !== null, (qb) => qb.where(fullText!));
  return db
    .selectFrom(ranked.as('ranked'))
    .select(['id', 'location_id', 'matching'])
    .where('rank', '<=', LINKABLE_EQUIPMENT_MAX)
    .orderBy('location_id')
    .orderBy('rank')
    .execute();
}

/** The list rows of some equipment of the scope, in no order. */
export const listRowsOf = (db: Db, scope: EquipmentScope, ids: readonly number[]): Promise<EquipmentListRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : (selectListColumns(db, scope).where('equipment.id', 'in', ids).execute() as Promise<EquipmentListRow[]>);

/** Whether the user ever linked equipment (the modal's first-time hint). */
export const hasLinkedEquipment = async (db: Db, userId: number) =>
  (await db.selectFrom('users').select('has_linked_equipment').where('id', '=', userId).executeTakeFirstOrThrow())
    .has_linked_equipment;

/** Ids of equipment added in the last NEW_EQUIPMENT_DAYS that the user has not linked, the first NEW_EQUIPMENT_MAX. */
export async function newEquipmentIds(db: Db, scope: EquipmentScope): Promise<number[]> {
  const rows = await equipmentInScope(db, scope)
    .select('equipment.id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_equipment')
            .select(sql`1`.as('one'))
            .where('user_equipment.user_id', '=', scope.userId)
            .whereRef('user_equipment.equipment_id', '=', 'equipment.id'),
        ),
      ),
    )
    .where(sql<boolean>`equipment.created_at > now() - make_interval(days => ${NEW_EQUIPMENT_DAYS})`)
    .orderBy('equipment.id')
    .limit(NEW_EQUIPMENT_MAX)
    .execute();
  return rows.map((r) => r.id);
}

/** Put equipment on the user's list and mark the user as having linked once. */
export async function linkEquipment(db: Db, actor: Changer, ids: readonly number[]): Promise<void> {
  await change(db, async (trx) => {
    if (ids.length > 0) {
      await trx
        .insertInto('user_equipment')
        .values(ids.map((equipment_id) => ({ user_id: actor.userId, equipment_id })))
        .onConflict((oc) => oc.columns(['user_id', 'equipment_id']).doNothing())
        .execute();
    }
    await trx.updateTable('users').set({ has_linked_equipment: true }).where('id', '=', actor.userId).execute();
    return {
      result: null,
      event: {
        customerId: actor.customerId,
        actorId: actor.userId,
        entityType: 'user',
        entityId: actor.userId,
        eventType: 'equipment.linked',
        payload: { equipmentIds: ids },
      },
    };
  });
}

/** Add a user-added instrument, on the adder's list, with its vendor contract when given; its id. */
export function addEquipment(db: Db, actor: Changer, body: EquipmentInput): Promise<number> {
  return change(db, async (trx) => {
    const row = await trx
      .insertInto('equipment')
      .values({
        ...equipmentColumnsOf(body),
        changed_by_cust: await changerName(trx, actor.userId),
        changed_on_cust: sql`now()`,
        customer_id: actor.customerId,
        location_id: body.locationId,
        mfg: body.mfg,
        model: body.model,
        data_source_id: USER_ADDED_DATA_SOURCE_ID,
        created_by: actor.userId,
      } as Insertable<EquipmentTable>)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_equipment').values({ user_id: actor.userId, equipment_id: row.id }).execute();
    if (!isEmptyContract(body.contract)) await linkVendorContract(trx, actor.customerId, row.id, body.contract!);
    const changes = equipmentChanges(null, row);
    return { result: row.id, event: equipmentEvent(actor, row.id, 'equipment.created', body, changes) };
  });
}

/**
 * Save the edited info of an instrument; for a user-added one, absent contract info leaves its contracts as they
 * are, null or empty info removes them.
 */
export async function editEquipment(
  db: Db,
  actor: Changer,
  id: number,
  body: EquipmentEdit,
  userAdded: boolean,
): Promise<void> {
  await change(db, async (trx) => {
    const before = await trx
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('equipment')
      .set({
        ...equipmentColumnsOf(body),
        changed_by_cust: await changerName(trx, actor.userId),
        changed_on_cust: sql`now()`,
        updated_at: sql`now()`,
        location_id: body.locationId,
      })
      .where('id', '=', id)
      .where('customer_id', '=', actor.customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (userAdded && body.contract !== undefined) {
      if (isEmptyContract(body.contract)) await unlinkContracts(trx, id);
      else await linkVendorContract(trx, actor.customerId, id, body.contract!);
    }
    const changes = equipmentChanges(before, after);
    return { result: null, event: equipmentEvent(actor, id, 'equipment.updated', body, changes) };
  });
}

/** Delete an instrument (`deletes`) or take it off the user's list. */
export async function removeEquipment(
  db: Db,
  actor: Changer,
  existing: Pick<EquipmentListRow, 'id' | 'mfg' | 'model' | 'serial'>,
  deletes: boolean,
): Promise<void> {
  await change(db, async (trx) => {
    if (deletes) {
      await unlinkContracts(trx, existing.id);
      await trx
        .deleteFrom('equipment')
        .where('id', '=', existing.id)
        .where('customer_id', '=', actor.customerId)
        .execute();
    } else {
      await trx
        .deleteFrom('user_equipment')
        .where('user_id', '=', actor.userId)
        .where('equipment_id', '=', existing.id)
        .execute();
    }
    return {
      result: null,
      event: equipmentEvent(actor, existing.id, deletes ? 'equipment.deleted' : 'equipment.unlinked', {
        mfg: existing.mfg,
        model: existing.model,
        serial: existing.serial,
      }),
    };
  });
}

/** The customer's contracts matching a keyword (number, description, PO), one per contract number. */
export async function searchContracts(db: Db, customerId: number, keyword: string | undefined, count: number) {
  const rows = await db
    .selectFrom('contracts')
    .selectAll()
    .distinctOn('vendor_contract_id')
    .where('customer_id', '=', customerId)
    .$if(!!keyword, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('vendor_contract_id', 'ilike', containsPattern(keyword!)),
          eb('description', 'ilike', containsPattern(keyword!)),
          eb('po_number', 'ilike', containsPattern(keyword!)),
        ]),
      ),
    )
    .orderBy('vendor_contract_id')
    .orderBy('is_pe_contract', 'desc')
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map(toEquipmentContract);
}

/** How many equipment of the scope are under the customer's contract of this number. */
export async function countUnderContract(db: Db, scope: EquipmentScope, contractId: string): Promise<number> {
  const row = await equipmentInScope(db, scope)
    .select(({ fn }) => fn.count<string>('equipment.id').distinct().as('count'))
    .where(underContract(scope.customerId, contractId))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
