import { initServer } from '@ts-rest/fastify';
import { historyContract } from '../../../contract/history';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { HttpProblem } from '../lib/problem';
import { requireEquipment } from '../equipment/records';
import { findReservation } from '../reservations/records';
import { requireServiceCall } from '../serviceCalls/records';
import { historyPage } from './historyPage';

const s = initServer();

/**
 * The audit history of an instrument, a reservation and a work order: read only, from the append-only event log,
 * and only what the caller may open of the record itself.
 */
export function historyRouter({ db }: AppDeps) {
  return s.router(historyContract, {
    equipment: async ({ request, params, query }) => {
      const actor = actorOf(request);
      await requireEquipment(db, actor, params.id);
      return ok(await historyPage(db, actor.customerId, { kind: 'equipment', id: params.id }, query));
    },

    reservation: async ({ request, params, query }) => {
      const actor = actorOf(request);
      const reservation = await findReservation(db, actor, params.id);
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
      const actor = actorOf(request);
      await requireServiceCall(db, actor, params.id);
      return ok(await historyPage(db, actor.customerId, { kind: 'serviceCall', id: params.id }, query));
    },
  });
}
