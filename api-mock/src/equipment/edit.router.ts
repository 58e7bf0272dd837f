import { initServer } from '@ts-rest/fastify';
import {
  equipmentContract,
  LinkableEquipment,
  USER_ADDED_DATA_SOURCE_ID,
  type LocationEquipment,
} from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf, type Actor } from '../access/actor';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { loadEquipmentExtras, toEquipment } from './queries';
import { isEmptyContract } from './write.queries';
import {
  addEquipment,
  countUnderContract,
  editEquipment,
  hasLinkedEquipment,
  linkableLocations,
  linkableRanks,
  linkEquipment,
  listRowsOf,
  newEquipmentIds,
  removeEquipment,
  searchContracts,
} from './edit.queries';
import { requireOwnLocation } from '../location/queries';
import { equipmentScopeOf, requireEquipment, requireEveryEquipment, requireProductAdding } from './records';

const s = initServer();

/*
 * Add, edit, link and delete equipment (spec 2 sections 2, 4, 5, 6 and 7). Everything is scoped to the customer
 * the caller works for: an id of another customer's equipment answers errorCode 10002 like an unknown id.
 */

const isUserAdded = (row: { data_source_id: number }) => row.data_source_id === USER_ADDED_DATA_SOURCE_ID;

const linkableKeys = Object.keys(LinkableEquipment.shape) as (keyof LinkableEquipment)[];

export function equipmentEditRoutes({ db }: AppDeps) {
  /** The equipment as the API answers it, after a change. */
  const readEquipment = async (actor: Actor, id: number) =>
    toEquipment(await requireEquipment(db, actor, id), await loadEquipmentExtras(db, [id]));

  const listAll = s.route(equipmentContract.listAll, async ({ request, query }) => {
    const actor = actorOf(request);
    if (query.locationId !== undefined) await requireOwnLocation(db, query.locationId, actor.customerId);
    const scope = equipmentScopeOf(actor);
    const [locations, ranked, linkedOnce] = await Promise.all([
      linkableLocations(db, actor.customerId, query.locationId),
      linkableRanks(db, scope, query),
      hasLinkedEquipment(db, actor.userId),
    ]);
    const ids = ranked.map((r) => r.id);
    const [rows, extras] = await Promise.all([listRowsOf(db, scope, ids), loadEquipmentExtras(db, ids)]);
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
    return ok({ locations: [...tabs.values()], hasLinkedEquipment: linkedOnce });
  });

  const listNew = s.route(equipmentContract.listNew, async ({ request }) =>
    ok(await newEquipmentIds(db, equipmentScopeOf(actorOf(request)))),
  );

  const link = s.route(equipmentContract.link, async ({ request, body }) => {
    const actor = actorOf(request);
    const ids = [...new Set(body)];
    // A user's list holds instruments of the inventory: never hidden ones, not even for provider staff.
    await requireEveryEquipment(db, { customerId: actor.customerId, isPEUser: false }, ids);
    await linkEquipment(db, actor, ids);
    return ok(null);
  });

  const create = s.route(equipmentContract.create, async ({ request, body }) => {
    const actor = actorOf(request);
    await requireProductAdding(db, actor.customerId);
    await requireOwnLocation(db, body.locationId, actor.customerId);
    return ok(await readEquipment(actor, await addEquipment(db, actor, body)));
  });

  const update = s.route(equipmentContract.update, async ({ request, body }) => {
    const actor = actorOf(request);
    const existing = await requireEquipment(db, actor, body.equipmentId);
    const userAdded = isUserAdded(existing);
    // Contract info belongs to user-added equipment only; provider contracts are not edited here.
    if (!userAdded && !isEmptyContract(body.contract)) {
      throw badRequest('Contract info can only be given for equipment added by a user');
    }
    await requireOwnLocation(db, body.locationId, actor.customerId);
    await editEquipment(db, actor, existing.id, body, userAdded);
    return ok(await readEquipment(actor, existing.id));
  });

  const remove = s.route(equipmentContract.remove, async ({ request, params }) => {
    const actor = actorOf(request);
    const existing = await requireEquipment(db, actor, params.id);
    // Spec 2 section 6: equipment the caller added is deleted; any other is only taken off the caller's list.
    const deletes = isUserAdded(existing) && existing.created_by === actor.userId;
    await removeEquipment(db, actor, existing, deletes);
    return ok({ deleted: deletes });
  });

  const contracts = s.route(equipmentContract.contracts, async ({ request, query }) =>
    ok(await searchContracts(db, actorOf(request).customerId, query.keyword?.trim(), query.count)),
  );

  const contractEquipmentCount = s.route(equipmentContract.contractEquipmentCount, async ({ request, params }) =>
    ok({ totalCount: await countUnderContract(db, equipmentScopeOf(actorOf(request)), params.contractId) }),
  );

  return { listAll, listNew, link, create, update, remove, contracts, contractEquipmentCount };
}
