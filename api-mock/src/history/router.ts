import { initServer } from '@ts-rest/fastify';
import { historyContract } from '../../../contract/history';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { requireFeature } from '../auth/privileges';
import { ok } from '../lib/envelope';
import { HttpProblem } from '../lib/problem';
import { findEquipment } from '../queries/equipment';
import { requireOwner } from '../queries/documents';
import { historyPage } from '../history/historyPage';
import { equipmentNotFound, equipmentScopeOf } from '../routes/equipmentAccess';

const s = initServer();

/**
 * The audit history of an instrument, a reservation and a work order: read only, from the append-only event log,
 * and only what the caller may open of the record itself.
 */
export function historyRouter({ db }: AppDeps) {
  return s.router(historyContract, {
    equipment: async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const equipment = await findEquipment(db, equipmentScopeOf(actor), params.id);
      if (!equipment) return equipmentNotFound(params.id);
      return ok(await historyPage(db, actor.customerId, { kind: 'equipment', id: equipment.id }, query));
    },

    reservation: async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      await requireFeature(db, actor, 'Reservation');
      const reservation = await db
        .selectFrom('reservations')
        .select(['id', 'series_id'])
        .where('id', '=', params.id)
        .where('customer_id', '=', actor.customerId)
        .executeTakeFirst();
      // A deleted reservation keeps its history, as long as the customer's own log has it.
      const page = await historyPage(
        db,
        actor.customerId,
        { kind: 'reservation', id: params.id, seriesId: reservation?.series_id ?? null },
        query,
      );
      if (!reservation && page.totalCount === 0) throw new HttpProblem(404, `No reservation ${params.id}`);
      return ok(page);
    },

    serviceCall: async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      await requireOwner(db, {
        type: 'ServiceCall',
        id: params.id,
        customerId: actor.customerId,
        isPEUser: actor.isPEUser,
      });
      return ok(await historyPage(db, actor.customerId, { kind: 'serviceCall', id: params.id }, query));
    },
  });
}
