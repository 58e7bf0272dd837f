import { initServer } from '@ts-rest/fastify';
import { sql, type Insertable } from 'kysely';
import {
  equipmentContract,
  LinkableEquipment,
  LINKABLE_EQUIPMENT_MAX,
  NEW_EQUIPMENT_MAX,
  USER_ADDED_DATA_SOURCE_ID,
  type LocationEquipment,
} from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { requireFeature } from '../auth/privileges';
import { requireActor, type Actor } from '../auth/actor';
import { change, type DomainEvent } from '../db/events';
import type { EquipmentTable } from '../db/schema';
import type { HistoryChange } from '../../../contract/history';
import { ok } from '../lib/envelope';
import { containsPattern } from '../lib/like';
import { badRequest, forbidden } from '../lib/problem';
import {
  equipmentInScope,
  findEquipment,
  fullTextCondition,
  loadEquipmentExtras,
  NEW_EQUIPMENT_DAYS,
  selectListColumns,
  toEquipment,
  toEquipmentContract,
  type EquipmentListRow,
  type EquipmentScope,
} from '../queries/equipment';
import {
  changerName,
  equipmentChanges,
  equipmentColumnsOf,
  isEmptyContract,
  linkVendorContract,
  unlinkContracts,
} from '../queries/equipmentWrite';
import { requireContractManagement } from '../queries/contracts';
import { requireOwnLocation } from '../location/queries';
import { equipmentNotFound, equipmentScopeOf } from './equipmentAccess';

const s = initServer();

/*
 * Add, edit, link and delete equipment (spec 2 sections 2, 4, 5, 6 and 7). Everything is scoped to the customer
 * the caller works for: an id of another customer's equipment answers errorCode 10002 like an unknown id.
 */

const equipmentEvent = (
  actor: Actor,
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

const isUserAdded = (row: { data_source_id: number }) => row.data_source_id === USER_ADDED_DATA_SOURCE_ID;

const linkableKeys = Object.keys(LinkableEquipment.shape) as (keyof LinkableEquipment)[];

/**
 * Per location, the ids of the first LINKABLE_EQUIPMENT_MAX equipment matching the keyword (by make, model, serial)
 * and how many match in all, in the modal's order.
 */
function linkableRanks(db: AppDeps['db'], scope: EquipmentScope, query: { keyword?: string; locationId?: number }) {
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

export function equipmentEditRoutes({ db }: AppDeps) {
  /** The equipment as the API answers it, after a change. */
  const readEquipment = async (actor: Actor, id: number) => {
    const row = await findEquipment(db, equipmentScopeOf(actor), id);
    if (!row) throw new Error(`equipment ${id} vanished`);
    return toEquipment(row, await loadEquipmentExtras(db, [id]));
  };

  const listAll = s.route(equipmentContract.listAll, async ({ request, query }) => {
    const actor = await requireActor(db, request);
    const [locations, ranked, user] = await Promise.all([
      db
        .selectFrom('locations')
        .select(['id', 'city', 'site_address'])
        .where('customer_id', '=', actor.customerId)
        .$if(query.locationId !== undefined, (qb) => qb.where('id', '=', query.locationId!))
        .orderBy('city')
        .orderBy('id')
        .execute(),
      linkableRanks(db, equipmentScopeOf(actor), query),
      db.selectFrom('users').select('has_linked_equipment').where('id', '=', actor.userId).executeTakeFirstOrThrow(),
    ]);
    if (query.locationId !== undefined && locations.length === 0) {
      throw forbidden('The location does not belong to your company');
    }
    const ids = ranked.map((r) => r.id);
    const [rows, extras] = await Promise.all([
      ids.length === 0
        ? []
        : (selectListColumns(db, equipmentScopeOf(actor)).where('equipment.id', 'in', ids).execute() as Promise<
            EquipmentListRow[]
          >),
      loadEquipmentExtras(db, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const tabs = new Map<number, LocationEquipment>(
      locations.map((l) => [
        l.id,
        { locationId: l.id, city: l.city, siteAddress: l.site_address, equipment: [], equipmentCount: 0 },
      ]),
    );
    for (const { id, location_id, matching } of ranked) {
      const tab = tabs.get(location_id);
      const row = byId.get(id);
      if (!tab || !row) continue;
      tab.equipmentCount = Number(matching);
      const equipment = toEquipment(row, extras);
      tab.equipment.push(Object.fromEntries(linkableKeys.map((k) => [k, equipment[k]])) as LinkableEquipment);
    }
    return ok({ locations: [...tabs.values()], hasLinkedEquipment: user.has_linked_equipment });
  });

  const listNew = s.route(equipmentContract.listNew, async ({ request }) => {
    const actor = await requireActor(db, request);
    const rows = await equipmentInScope(db, equipmentScopeOf(actor))
      .select('equipment.id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_equipment')
              .select(sql`1`.as('one'))
              .where('user_equipment.user_id', '=', actor.userId)
              .whereRef('user_equipment.equipment_id', '=', 'equipment.id'),
          ),
        ),
      )
      .where(sql<boolean>`equipment.created_at > now() - make_interval(days => ${NEW_EQUIPMENT_DAYS})`)
      .orderBy('equipment.id')
      .limit(NEW_EQUIPMENT_MAX)
      .execute();
    return ok(rows.map((r) => r.id));
  });

  const link = s.route(equipmentContract.link, async ({ request, body }) => {
    const actor = await requireActor(db, request);
    const ids = [...new Set(body)];
    if (ids.length > 0) {
      const found = await equipmentInScope(db, equipmentScopeOf(actor))
        .select('equipment.id')
        .where('equipment.id', 'in', ids)
        .execute();
      const known = new Set(found.map((r) => r.id));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) return equipmentNotFound(unknown);
    }
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
    return ok(null);
  });

  const create = s.route(equipmentContract.create, async ({ request, body }) => {
    const actor = await requireActor(db, request);
    const customer = await db
      .selectFrom('customers')
      .select('is_product_adding_enabled')
      .where('id', '=', actor.customerId)
      .executeTakeFirstOrThrow();
    if (!customer.is_product_adding_enabled) throw forbidden('Adding products is disabled for your company');
    await requireOwnLocation(db, body.locationId, actor.customerId);
    const id = await change(db, async (trx) => {
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
    return ok(await readEquipment(actor, id));
  });

  const update = s.route(equipmentContract.update, async ({ request, body }) => {
    const actor = await requireActor(db, request);
    await requireFeature(db, actor, 'Equipment', ['Edit']);
    const existing = await findEquipment(db, equipmentScopeOf(actor), body.equipmentId);
    if (!existing) return equipmentNotFound(body.equipmentId);
    const userAdded = isUserAdded(existing);
    // Contract info belongs to user-added equipment only; provider contracts are not edited here.
    if (!userAdded && !isEmptyContract(body.contract)) {
      throw badRequest('Contract info can only be given for equipment added by a user');
    }
    await requireOwnLocation(db, body.locationId, actor.customerId);
    await change(db, async (trx) => {
      const before = await trx
        .selectFrom('equipment')
        .selectAll()
        .where('id', '=', existing.id)
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
        .where('id', '=', existing.id)
        .where('customer_id', '=', actor.customerId)
        .returningAll()
        .executeTakeFirstOrThrow();
      // Absent contract info leaves the contracts as they are; null or empty info removes them.
      if (userAdded && body.contract !== undefined) {
        if (isEmptyContract(body.contract)) await unlinkContracts(trx, existing.id);
        else await linkVendorContract(trx, actor.customerId, existing.id, body.contract!);
      }
      const changes = equipmentChanges(before, after);
      return { result: null, event: equipmentEvent(actor, existing.id, 'equipment.updated', body, changes) };
    });
    return ok(await readEquipment(actor, existing.id));
  });

  const remove = s.route(equipmentContract.remove, async ({ request, params }) => {
    const actor = await requireActor(db, request);
    await requireFeature(db, actor, 'ARC');
    const existing = await findEquipment(db, equipmentScopeOf(actor), params.id);
    if (!existing) return equipmentNotFound(params.id);
    // Spec 2 section 6: equipment the caller added is deleted; any other is only taken off the caller's list.
    const deletes = isUserAdded(existing) && existing.created_by === actor.userId;
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
    return ok({ deleted: deletes });
  });

  const contracts = s.route(equipmentContract.contracts, async ({ request, query }) => {
    const actor = await requireActor(db, request);
    await requireContractManagement(db, actor.userId);
    const keyword = query.keyword?.trim();
    const rows = await db
      .selectFrom('contracts')
      .selectAll()
      .distinctOn('vendor_contract_id')
      .where('customer_id', '=', actor.customerId)
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
      .limit(query.count)
      .execute();
    return ok(rows.map(toEquipmentContract));
  });

  const contractEquipmentCount = s.route(equipmentContract.contractEquipmentCount, async ({ request, params }) => {
    const actor = await requireActor(db, request);
    const row = await equipmentInScope(db, equipmentScopeOf(actor))
      .select(({ fn }) => fn.count<string>('equipment.id').distinct().as('count'))
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('equipment_contracts')
            .innerJoin('contracts', 'contracts.id', 'equipment_contracts.contract_id')
            .select(sql`1`.as('one'))
            .whereRef('equipment_contracts.equipment_id', '=', 'equipment.id')
            .where('contracts.customer_id', '=', actor.customerId)
            .where('contracts.vendor_contract_id', '=', params.contractId),
        ),
      )
      .executeTakeFirstOrThrow();
    return ok({ totalCount: Number(row.count) });
  });

  return { listAll, listNew, link, create, update, remove, contracts, contractEquipmentCount };
}
