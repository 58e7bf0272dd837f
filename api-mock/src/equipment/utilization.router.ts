import { initServer } from '@ts-rest/fastify';
import { equipmentContract, UTILIZATION_EVENT_LIST_MAX } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { requireAssetMonitoringSite, requireOwnCustomer } from './utilization.records';
import {
  assetMonitorOf,
  eventPeriod,
  eventSummaryOf,
  toUtilization,
  utilizationEventList,
  utilizationEventPage,
} from './utilization.queries';
import { equipmentScopeOf, requireEquipment } from './records';

const s = initServer();

/**
 * Utilization from asset monitoring (spec 2 "Utilization"): an instrument's asset data and hours per period, and
 * the events of its system in a period. Reads only; another customer's instrument is 10002.
 */
export function utilizationRoutes({ db }: AppDeps) {
  return {
    utilizationAsset: s.route(equipmentContract.utilizationAsset, async ({ request, query }) => {
      const actor = actorOf(request);
      await requireAssetMonitoringSite(db, actor);
      const equipment = await requireEquipment(db, equipmentScopeOf(actor), query.equipmentId);
      const monitor = await assetMonitorOf(db, actor.customerId, equipment.id);
      if (!monitor || monitor.status === 'requested') {
        return ok({ assetUtilization: null, assetRequested: monitor?.status === 'requested' });
      }
      const summary = await eventSummaryOf(db, equipment.id, query.filter);
      return ok({ assetUtilization: toUtilization(monitor, summary, query.filter), assetRequested: false });
    }),

    utilizationSummary: s.route(equipmentContract.utilizationSummary, async ({ request, query }) => {
      const actor = actorOf(request);
      await requireAssetMonitoringSite(db, actor);
      const equipment = await requireEquipment(db, equipmentScopeOf(actor), query.equipmentId);
      return ok(await eventSummaryOf(db, equipment.id, query.filter));
    }),

    utilizationEvents: s.route(equipmentContract.utilizationEvents, async ({ request, body }) => {
      const actor = actorOf(request);
      await requireAssetMonitoringSite(db, actor);
      requireOwnCustomer(actor, body.customerId);
      return ok(await utilizationEventPage(db, actor.customerId, body));
    }),

    utilizationEventList: s.route(equipmentContract.utilizationEventList, async ({ request, query }) => {
      const actor = actorOf(request);
      await requireAssetMonitoringSite(db, actor);
      requireOwnCustomer(actor, query.customerId);
      const period = eventPeriod(query.startDate, query.endDate);
      return ok(await utilizationEventList(db, actor.customerId, query.systemId, period, UTILIZATION_EVENT_LIST_MAX));
    }),
  };
}
