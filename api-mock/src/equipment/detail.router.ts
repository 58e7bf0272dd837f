import { initServer } from '@ts-rest/fastify';
import { equipmentContract, SYSTEM_COMPONENT_PAGE_SIZE } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { loadEquipmentExtras, toEquipment } from './queries';
import { saveEhs, systemComponentPage, toEhsData } from './detail.queries';
import { findProductMarketInfo } from '../productMarketInfo/queries';
import { equipmentScopeOf, requireEquipment } from './records';

const s = initServer();

/*
 * The instrument's own page (spec 2 "Equipment detail page"): the equipment with its EHS data, contracts, images and
 * upcoming calls, the other components of its system, and the EHS edit (Equipment feature with IsEHSAdmin or
 * AllowEHSSetting). Another customer's id, or one that does not exist, is
 * errorCode 10002, the same answer, so an id reveals nothing.
 */

export function equipmentDetailRoutes({ db }: AppDeps) {
  return {
    detail: s.route(equipmentContract.detail, async ({ request, params, query }) => {
      const actor = actorOf(request);
      const scope = equipmentScopeOf(actor);
      const row = await requireEquipment(db, scope, params.id);
      const [extras, components, productMarketInfo] = await Promise.all([
        loadEquipmentExtras(db, [row.id]),
        query.otherComponent
          ? systemComponentPage(db, scope, row, { pageIndex: 0, pageSize: SYSTEM_COMPONENT_PAGE_SIZE })
          : undefined,
        findProductMarketInfo(db, row),
      ]);
      return ok({
        ...toEquipment(row, extras),
        productMarketInfo,
        ...toEhsData(row),
        ...(components ? { systemComponents: components.items } : {}),
      });
    }),

    updateEhs: s.route(equipmentContract.updateEhs, async ({ request, params, body }) => {
      const actor = actorOf(request);
      if (body.equipmentId !== params.equipmentId) throw badRequest('equipmentId differs from the path');
      const row = await requireEquipment(db, equipmentScopeOf(actor), params.equipmentId);
      return ok(toEhsData(await saveEhs(db, actor, row, body)));
    }),

    systemComponents: s.route(equipmentContract.systemComponents, async ({ request, params, query }) => {
      const actor = actorOf(request);
      const scope = equipmentScopeOf(actor);
      const row = await requireEquipment(db, scope, params.equipmentId);
      return ok(await systemComponentPage(db, scope, row, query));
    }),
  };
}
