import type { Kysely } from 'kysely';
import { EHS_NONE, type EhsData, type EhsUpdate, type SystemComponent } from '../../../contract/equipment';
import type { Actor } from '../access/actor';
import { change } from '../db/events';
import type { Database } from '../db/schema';
import { changesOf, own } from '../history/changes';
import { loadEquipmentImages, reachableEquipment, type EquipmentListRow, type EquipmentScope } from './queries';
import { pageOf } from '../lib/paging';

/** The EHS data of an equipment row; a pick-list never set reads as the blank 'none' option. */
export const toEhsData = (row: EquipmentListRow): EhsData => ({
  machineGuarding: row.machine_guarding ?? EHS_NONE,
  energyHazard: row.energy_hazard ?? EHS_NONE,
  lockTagOut: row.lock_tag_out ?? EHS_NONE,
  chemicalHazards: row.chemical_hazards ?? EHS_NONE,
  biosafetyHazards: row.biosafety_hazards ?? EHS_NONE,
  radiologicalHazards: row.radiological_hazards ?? EHS_NONE,
  locked: row.locked,
  ehsLastChangedBy: row.ehs_last_changed_by,
  ehsLastChangedOn: row.ehs_last_changed_on ? row.ehs_last_changed_on.toISOString() : null,
});

/**
 * The other components of an equipment's system: the customer's equipment with the same system id (never itself),
 * visible to the caller as the equipment is, in make, model and serial order. No system id: no component.
 */
export function otherComponents(
  db: Kysely<Database>,
  scope: EquipmentScope,
  equipment: { id: number; system_id: string | null },
) {
  return reachableEquipment(db.selectFrom('equipment'), scope)
    .where('equipment.system_id', '=', equipment.system_id ?? '')
    .where('equipment.id', '<>', equipment.id)
    .$if(equipment.system_id === null || equipment.system_id === '', (q) => q.where('equipment.id', '<', 0));
}

/** A page of an equipment's other system components with their images, and how many there are. */
export async function systemComponentPage(
  db: Kysely<Database>,
  scope: EquipmentScope,
  equipment: { id: number; system_id: string | null },
  page: { pageIndex: number; pageSize: number },
): Promise<{ items: SystemComponent[]; totalCount: number }> {
  const components = otherComponents(db, scope, equipment);
  const { rows, totalCount } = await pageOf(
    components
      .select(['id', 'serial', 'mfg', 'model', 'dtype', 'system_id'])
      .orderBy('mfg')
      .orderBy('model')
      .orderBy('serial')
      .orderBy('id'),
    components,
    page,
  );
  const images = await loadEquipmentImages(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      equipmentId: r.id,
      serial: r.serial,
      mfg: r.mfg,
      model: r.model,
      dtype: r.dtype,
      systemId: r.system_id,
      instrumentImageData: images.get(r.id) ?? null,
    })),
    totalCount,
  };
}

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

/** ehsLastChangedBy holds a first and a last name (spec 2 section 7), at most 61 characters. */
const EHS_CHANGED_BY_MAX = 61;

/** Save the EHS data of an instrument, recording who changed it and when whatever the client sent; the row after. */
export async function saveEhs(
  db: Kysely<Database>,
  actor: Actor,
  row: EquipmentListRow,
  body: EhsUpdate,
): Promise<EquipmentListRow> {
  const author = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
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
  return change(db, async (trx) => {
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
}
