import { initServer } from '@ts-rest/fastify';
import type { Kysely } from 'kysely';
import { equipmentContract, UTILIZATION_EVENT_LIST_MAX } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import type { Database } from '../db/schema';
import { requireActor, type Actor } from '../auth/actor';
import { ok } from '../lib/envelope';
import { forbidden } from '../lib/problem';
import { findEquipment } from '../queries/equipment';
import {
  eventPeriod,
  eventSummaryOf,
  toUtilization,
  utilizationEventList,
  utilizationEventPage,
} from './utilization.queries';
import { equipmentNotFound, equipmentScopeOf } from '../routes/equipmentAccess';

const s = initServer();

/** Only a customer with an asset-monitoring site sees utilization (spec 2 section 6); the others get 403. */
async function requireAssetMonitoringSite(db: Kysely<Database>, actor: Actor): Promise<void> {
  const customer = await db
    .selectFrom('customers')
    .select('has_asset_genius_site')
    .where('id', '=', actor.customerId)
    .executeTakeFirst();
  if (!customer?.has_asset_genius_site) throw forbidden('The customer has no asset-monitoring site');
}

/** The detail calls name the customer; it must be the caller's own. */
function requireOwnCustomer(actor: Actor, customerId: number): void {
  if (customerId !== actor.customerId) throw forbidden('Another customer');
}

/**
 * Utilization from asset monitoring (spec 2 "Utilization"): an instrument's asset data and hours per period, and
 * the events of its system in a period. Reads only; another customer's instrument is 10002.
 */
export function utilizationRoutes({ db }: AppDeps) {
  return {
    utilizationAsset: s.route(equipmentContract.utilizationAsset, async ({ request, query }) => {
      const actor = await requireActor(db, request);
      await requireAssetMonitoringSite(db, actor);
      const equipment = await findEquipment(db, equipmentScopeOf(actor), query.equipmentId);
      if (!equipment) return equipmentNotFound(query.equipmentId);
      const monitor = await db
        .selectFrom('asset_monitors')
        .selectAll()
        .where('equipment_id', '=', equipment.id)
        .where('customer_id', '=', actor.customerId)
        .executeTakeFirst();
      if (!monitor || monitor.status === 'requested') {
        return ok({ assetUtilization: null, assetRequested: monitor?.status === 'requested' });
      }
      const summary = await eventSummaryOf(db, equipment.id, query.filter);
      return ok({ assetUtilization: toUtilization(monitor, summary, query.filter), assetRequested: false });
    }),

    utilizationSummary: s.route(equipmentContract.utilizationSummary, async ({ request, query }) => {
      const actor = await requireActor(db, request);
      await requireAssetMonitoringSite(db, actor);
      const equipment = await findEquipment(db, equipmentScopeOf(actor), query.equipmentId);
      if (!equipment) return equipmentNotFound(query.equipmentId);
      return ok(await eventSummaryOf(db, equipment.id, query.filter));
    }),

    utilizationEvents: s.route(equipmentContract.utilizationEvents, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      await requireAssetMonitoringSite(db, actor);
      requireOwnCustomer(actor, body.customerId);
      return ok(await utilizationEventPage(db, actor.customerId, body));
    }),

    utilizationEventList: s.route(equipmentContract.utilizationEventList, async ({ request, query }) => {
      const actor = await requireActor(db, request);
      await requireAssetMonitoringSite(db, actor);
      requireOwnCustomer(actor, query.customerId);
      const period = eventPeriod(query.startDate, query.endDate);
      return ok(await utilizationEventList(db, actor.customerId, query.systemId, period, UTILIZATION_EVENT_LIST_MAX));
    }),
  };
}
