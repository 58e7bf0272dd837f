import { z } from 'zod';
import { signedIn } from '../access';
import { c, envelope, EntityId, pagingQuery, queryBoolean, standardErrors, withCommonQuery } from '../common';
import { paged } from '../listQuery';
import { InstrumentImageData } from '../images';
import { optionalText } from '../validation';
import { Equipment, EQUIPMENT_MAX, SYSTEM_COMPONENT_DEFAULT_PAGE_SIZE } from './model';
import { equipmentIdParams, idParams, text } from './parts';

const M = EQUIPMENT_MAX;

/** A component of the same system (spec 2 section 3 "System component"). */
export const SystemComponent = z.object({
  equipmentId: EntityId,
  serial: text(M.serial),
  mfg: text(M.mfg),
  model: text(M.model),
  dtype: text(M.dtype),
  systemId: text(M.systemId),
  instrumentImageData: InstrumentImageData.nullable(),
});
export type SystemComponent = z.infer<typeof SystemComponent>;

/* ------------------------------------------------------------------------------------------------------------------
 * EHS data (spec 2 section 3 "EHS fields" and section 4 "EHS multi-select rule").
 * ---------------------------------------------------------------------------------------------------------------- */

/** The default 'none' option (shown blank) and the further exclusive option (NA) of every pick-list. */
export const EHS_NONE = 'none';
export const EHS_NA = 'na';
export const EHS_EXCLUSIVE: readonly string[] = [EHS_NONE, EHS_NA];

/** The fixed pick-lists; the codes after none and na are chosen: not in spec. The client translates them. */
export const EHS_OPTIONS = {
  machineGuarding: [EHS_NONE, EHS_NA, 'fixedGuard', 'interlockedGuard', 'adjustableGuard', 'presenceSensing'],
  energyHazard: [
    EHS_NONE,
    EHS_NA,
    'electrical',
    'mechanical',
    'hydraulic',
    'pneumatic',
    'thermal',
    'chemical',
    'gravitational',
    'radiation',
  ],
  lockTagOut: [EHS_NONE, EHS_NA, 'required', 'notRequired'],
  chemicalHazards: [
    EHS_NONE,
    EHS_NA,
    'flammable',
    'corrosive',
    'toxic',
    'oxidizing',
    'compressedGas',
    'carcinogenic',
    'irritant',
  ],
  biosafetyHazards: [EHS_NONE, EHS_NA, 'bsl1', 'bsl2', 'bsl3', 'bsl4'],
  radiologicalHazards: [EHS_NONE, EHS_NA, 'xRay', 'sealedSource', 'openSource', 'laser', 'uv', 'rfMicrowave'],
} as const;

export const EHS_MULTI_SEPARATOR = ';';
export const EHS_INVALID_MESSAGE = 'invalid_option'; // key chosen: not in spec

const ehsSingle = (options: readonly string[]) =>
  z
    .string()
    .refine((v) => options.includes(v), EHS_INVALID_MESSAGE)
    .default(EHS_NONE);

/** A multi-select stored as one semicolon-joined string: known, distinct codes; an exclusive option stands alone. */
const ehsMulti = (options: readonly string[]) =>
  z
    .string()
    .max(500)
    .refine((v) => {
      const picks = v.split(EHS_MULTI_SEPARATOR);
      if (!picks.every((p) => options.includes(p))) return false;
      if (new Set(picks).size !== picks.length) return false;
      return picks.length === 1 || !picks.some((p) => EHS_EXCLUSIVE.includes(p));
    }, EHS_INVALID_MESSAGE)
    .default(EHS_NONE);

export const EhsFields = z.object({
  machineGuarding: ehsSingle(EHS_OPTIONS.machineGuarding),
  energyHazard: ehsMulti(EHS_OPTIONS.energyHazard),
  lockTagOut: ehsSingle(EHS_OPTIONS.lockTagOut),
  chemicalHazards: ehsMulti(EHS_OPTIONS.chemicalHazards),
  biosafetyHazards: ehsMulti(EHS_OPTIONS.biosafetyHazards),
  radiologicalHazards: ehsMulti(EHS_OPTIONS.radiologicalHazards),
  /** Sent as true, false or null. */
  locked: z.boolean().nullable(),
});

/** EHS data of an equipment as the detail page reads it. */
export const EhsData = EhsFields.extend({
  ehsLastChangedBy: text(61),
  ehsLastChangedOn: z.string().datetime({ local: true, offset: true }).nullable(),
});
export type EhsData = z.infer<typeof EhsData>;

/** Body of PUT Equipment/{equipmentId}/ehs (spec 2 section 7); the server records who changed it and when. */
export const EhsUpdate = EhsFields.extend({
  equipmentId: EntityId,
  serial: optionalText(M.serial),
  makeModel: optionalText(M.mfg + 3 + M.model),
  /** First and last name. */
  ehsLastChangedBy: optionalText(61),
  /** Local ISO date-time. */
  ehsLastChangedOn: z.string().datetime({ local: true, offset: true }).nullable().optional(),
});
export type EhsUpdate = z.infer<typeof EhsUpdate>;

/** The detail page's equipment: the row, its EHS data and, with otherComponent, the other components of the system. */
export const EquipmentDetail = Equipment.merge(EhsData).extend({
  systemComponents: z.array(SystemComponent).optional(),
});
export type EquipmentDetail = z.infer<typeof EquipmentDetail>;

export const detailRoutes = c.router({
  detail: {
    method: 'GET',
    path: '/api/Equipment/:id',
    pathParams: idParams,
    query: withCommonQuery({ otherComponent: queryBoolean.optional() }),
    responses: { 200: envelope(EquipmentDetail), ...standardErrors },
    summary: 'An equipment with EHS data (and other system components); errorCode 10002 when not found',
    metadata: signedIn('customerEquipment'),
  },
  updateEhs: {
    method: 'PUT',
    path: '/api/Equipment/:equipmentId/ehs',
    pathParams: equipmentIdParams,
    query: withCommonQuery({}),
    body: EhsUpdate,
    responses: { 200: envelope(EhsData), ...standardErrors },
    summary: 'Save the EHS data of an equipment',
    metadata: signedIn('customerEquipment', { feature: 'Equipment', functions: ['IsEHSAdmin', 'AllowEHSSetting'] }),
  },
  systemComponents: {
    method: 'GET',
    path: '/api/Equipment/:equipmentId/system/component',
    pathParams: equipmentIdParams,
    query: withCommonQuery(pagingQuery(SYSTEM_COMPONENT_DEFAULT_PAGE_SIZE, SYSTEM_COMPONENT_DEFAULT_PAGE_SIZE)),
    responses: { 200: envelope(paged(SystemComponent)), ...standardErrors },
    summary: 'The other components of the same system as an equipment, paged',
    metadata: signedIn('customerEquipment'),
  },
});
