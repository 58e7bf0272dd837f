import { initServer } from '@ts-rest/fastify';
import { equipmentContract, SYSTEM_COMPONENT_PAGE_SIZE } from '../../../contract/equipment';
import { ErrorCode } from '../../../contract/errors';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { fail, ok } from '../lib/envelope';
import { findEquipment, loadEquipmentExtras, toEquipment, type EquipmentScope } from '../queries/equipment';
import { systemComponentPage, toEhsData } from '../queries/equipmentDetail';

const s = initServer();

/*
 * The instrument's own page (spec 2 "Equipment detail page"): the equipment with its EHS data, contracts, images and
 * upcoming calls, and the other components of its system. Another customer's id, or one that does not exist, is
 * errorCode 10002, the same answer, so an id reveals nothing.
 */

/** Provider staff reach the hidden equipment of products management; customer users do not. */
const scopeOf = (actor: Actor): EquipmentScope => ({
  customerId: actor.customerId,
  userId: actor.userId,
  isPEUser: actor.isPEUser,
});

const notFound = (id: number) => fail(ErrorCode.EquipmentNotFound, `No equipment ${id}`);

export function equipmentDetailRoutes({ db }: AppDeps) {
  return {
    detail: s.route(equipmentContract.detail, async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const scope = scopeOf(actor);
      const row = await findEquipment(db, scope, params.id);
      if (!row) return notFound(params.id);
      const [extras, components] = await Promise.all([
        loadEquipmentExtras(db, [row.id]),
        query.otherComponent
          ? systemComponentPage(db, scope, row, { pageIndex: 0, pageSize: SYSTEM_COMPONENT_PAGE_SIZE })
          : undefined,
      ]);
      return ok({
        ...toEquipment(row, extras),
        ...toEhsData(row),
        ...(components ? { systemComponents: components.items } : {}),
      });
    }),

    systemComponents: s.route(equipmentContract.systemComponents, async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const scope = scopeOf(actor);
      const row = await findEquipment(db, scope, params.equipmentId);
      if (!row) return notFound(params.equipmentId);
      return ok(await systemComponentPage(db, scope, row, query));
    }),
  };
}
