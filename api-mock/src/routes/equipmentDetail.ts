import { initServer } from '@ts-rest/fastify';
import { equipmentContract, SYSTEM_COMPONENT_PAGE_SIZE } from '../../../contract/equipment';
import type { AppDeps } from '../deps';
import { requireActor } from '../auth/actor';
import { ok } from '../lib/envelope';
import { badRequest } from '../lib/problem';
import { change } from '../db/events';
import { requireFeature } from '../auth/privileges';
import { findEquipment, loadEquipmentExtras, toEquipment } from '../queries/equipment';
import { systemComponentPage, toEhsData } from '../queries/equipmentDetail';
import { findProductMarketInfo } from '../productMarketInfo/queries';
import { equipmentNotFound, equipmentScopeOf } from './equipmentAccess';
import { changesOf, own } from '../history/changes';
import type { EhsData } from '../../../contract/equipment';

/** The EHS fields an EHS edit changes (who and when are recorded by the server). */
const EHS_FIELDS = [
  'machineGuarding',
  'energyHazard',
  'lockTagOut',
  'chemicalHazards',
  'biosafetyHazards',
  'radiologicalHazards',
  'locked',
] as const;
const EHS_COLUMNS = [
  'machine_guarding',
  'energy_hazard',
  'lock_tag_out',
  'chemical_hazards',
  'biosafety_hazards',
  'radiological_hazards',
  'locked',
  'ehs_last_changed_by',
  'ehs_last_changed_on',
] as const;

const s = initServer();

/*
 * The instrument's own page (spec 2 "Equipment detail page"): the equipment with its EHS data, contracts, images and
 * upcoming calls, the other components of its system, and the EHS edit (Equipment feature with IsEHSAdmin or
 * AllowEHSSetting). Another customer's id, or one that does not exist, is
 * errorCode 10002, the same answer, so an id reveals nothing.
 */

/** ehsLastChangedBy holds a first and a last name (spec 2 section 7), at most 61 characters. */
const EHS_CHANGED_BY_MAX = 61;

export function equipmentDetailRoutes({ db }: AppDeps) {
  return {
    detail: s.route(equipmentContract.detail, async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const scope = equipmentScopeOf(actor);
      const row = await findEquipment(db, scope, params.id);
      if (!row) return equipmentNotFound(params.id);
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
      const actor = await requireActor(db, request);
      await requireFeature(db, actor, 'Equipment', ['IsEHSAdmin', 'AllowEHSSetting']);
      if (body.equipmentId !== params.equipmentId) throw badRequest('equipmentId differs from the path');
      const row = await findEquipment(db, equipmentScopeOf(actor), params.equipmentId);
      if (!row) return equipmentNotFound(params.equipmentId);
      const author = await db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow();
      // Who changed it and when are the server's to record, whatever the client sent.
      const values = {
        machine_guarding: body.machineGuarding,
        energy_hazard: body.energyHazard,
        lock_tag_out: body.lockTagOut,
        chemical_hazards: body.chemicalHazards,
        biosafety_hazards: body.biosafetyHazards,
        radiological_hazards: body.radiologicalHazards,
        locked: body.locked,
        ehs_last_changed_by: `${author.first_name} ${author.last_name}`.slice(0, EHS_CHANGED_BY_MAX),
        ehs_last_changed_on: new Date(),
      };
      const saved = await change(db, async (trx) => {
        const before = await trx
          .selectFrom('equipment')
          .select(EHS_COLUMNS)
          .where('id', '=', row.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await trx.updateTable('equipment').set(values).where('id', '=', row.id).execute();
        const read = (ehs: EhsData, field: string) => own(ehs, field);
        const ehsOf = (columns: typeof before) => toEhsData({ ...row, ...columns });
        return {
          result: { ...row, ...values },
          event: {
            customerId: actor.customerId,
            actorId: actor.userId,
            entityType: 'equipment',
            entityId: row.id,
            eventType: 'equipment.ehsUpdated',
            payload: values,
            changes: changesOf(EHS_FIELDS, ehsOf(before), ehsOf({ ...before, ...values }), read),
          },
        };
      });
      return ok(toEhsData(saved));
    }),

    systemComponents: s.route(equipmentContract.systemComponents, async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const scope = equipmentScopeOf(actor);
      const row = await findEquipment(db, scope, params.equipmentId);
      if (!row) return equipmentNotFound(params.equipmentId);
      return ok(await systemComponentPage(db, scope, row, query));
    }),
  };
}
