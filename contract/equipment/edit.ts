import { z } from 'zod';
import { signedIn } from '../access';
import { AccessCode } from '../permissions';
import { autocompleteQuery, c, envelope, EntityId, IdParam, IsoDate, standardErrors, withCommonQuery } from '../common';
import { optionalText, requiredText } from '../validation';
import {
  ContractType,
  Equipment,
  EQUIPMENT_BATCH_MAX,
  EQUIPMENT_MAX,
  EquipmentContract,
  EquipmentLocation,
} from './model';
import { equipmentOtherFields, equipmentTextFields } from './editFields';
import { idParams } from './parts';

const M = EQUIPMENT_MAX;

/* ------------------------------------------------------------------------------------------------------------------
 * Add/edit (spec 2 section 5 "Add/edit equipment").
 * ---------------------------------------------------------------------------------------------------------------- */

export const ENTER_CONTRACT_NUMBER = 'enter_contract_number';
export const END_BEFORE_START = 'calendar_end_grater';

const filled = (v: unknown) => v !== undefined && v !== null && (typeof v !== 'string' || v.trim() !== '');

/**
 * Contract info of user-added equipment. A contract number needs start, end and type; other contract fields need a
 * contract number; the end is not before the start. The client drops the object when every field is empty.
 */
export const ContractInput = z
  .object({
    contractId: optionalText(M.contractId),
    effectiveDate: IsoDate.nullable().optional(),
    contractExpiry: IsoDate.nullable().optional(),
    contractType: ContractType.nullable().optional(),
    poNumber: optionalText(M.poNumber),
    billingDate: IsoDate.nullable().optional(),
    billingStatus: optionalText(M.billingStatus),
    desc: optionalText(M.contractDesc),
  })
  .superRefine((contract, ctx) => {
    if (filled(contract.contractId)) {
      for (const key of ['effectiveDate', 'contractExpiry', 'contractType'] as const) {
        if (!filled(contract[key]))
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: 'required_field' });
      }
    } else {
      const { contractId: _number, ...others } = contract;
      if (Object.values(others).some(filled)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['contractId'], message: ENTER_CONTRACT_NUMBER });
      }
    }
    if (contract.effectiveDate && contract.contractExpiry && contract.contractExpiry < contract.effectiveDate) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['contractExpiry'], message: END_BEFORE_START });
    }
  });
export type ContractInput = z.infer<typeof ContractInput>;

/** Body of POST Equipment (add user-added equipment): tabs Basic info, Additional info and Contract info. */
export const EquipmentInput = z.object({
  locationId: EntityId,
  mfg: requiredText(M.mfg),
  model: requiredText(M.modelForm),
  ...equipmentTextFields,
  ...equipmentOtherFields,
  contract: ContractInput.nullable().optional(),
});
export type EquipmentInput = z.infer<typeof EquipmentInput>;

/** Body of PUT Equipment (edit instrument info); contract info is only accepted for user-added equipment. */
export const EquipmentEdit = EquipmentInput.extend({ equipmentId: EntityId });
export type EquipmentEdit = z.infer<typeof EquipmentEdit>;

/** An equipment in the link-equipment modal. */
export const LinkableEquipment = Equipment.pick({
  equipmentId: true,
  mfg: true,
  model: true,
  serial: true,
  systemId: true,
  systemNickName: true,
  pkiTag: true,
  isMine: true,
  isNew: true,
  instrumentImageData: true,
});
export type LinkableEquipment = z.infer<typeof LinkableEquipment>;

/** Ids answered by GET Equipment/list/new at most; the badge then reads "999+". */
export const NEW_EQUIPMENT_MAX = 999;

/** Equipment shown per location in the link-equipment modal; a search narrows a larger location. */
export const LINKABLE_EQUIPMENT_MAX = 200;

/**
 * One tab of the link-equipment modal: a location of the customer, the first LINKABLE_EQUIPMENT_MAX of its equipment
 * that match the keyword, and how many match in all.
 */
export const LocationEquipment = EquipmentLocation.extend({
  equipment: z.array(LinkableEquipment).max(LINKABLE_EQUIPMENT_MAX),
  equipmentCount: z.number().int().min(0),
});
export type LocationEquipment = z.infer<typeof LocationEquipment>;

/** Answer of GET Equipment/list/all: the tabs, and whether the user ever linked equipment (first-time hint). */
export const LinkableEquipmentList = z.object({
  locations: z.array(LocationEquipment),
  hasLinkedEquipment: z.boolean(),
});
export type LinkableEquipmentList = z.infer<typeof LinkableEquipmentList>;

export const editRoutes = c.router({
  listAll: {
    method: 'GET',
    path: '/api/Equipment/list/all',
    query: withCommonQuery({
      keyword: z.string().trim().max(200).optional(),
      locationId: IdParam.optional(),
    }),
    responses: { 200: envelope(LinkableEquipmentList), ...standardErrors },
    summary:
      'Every location of the customer (or one) with its first equipment matching the keyword and their count, for the link-equipment modal',
    metadata: signedIn('customerEquipment'),
  },
  listNew: {
    method: 'GET',
    path: '/api/Equipment/list/new',
    query: withCommonQuery({}),
    responses: { 200: envelope(z.array(EntityId).max(NEW_EQUIPMENT_MAX)), ...standardErrors },
    summary:
      'Ids of newly available equipment the user has not linked yet (badge of manage my products), the first NEW_EQUIPMENT_MAX',
    metadata: signedIn('customerEquipment'),
  },
  link: {
    method: 'PUT',
    path: '/api/Equipment/List',
    query: withCommonQuery({}),
    body: z.array(EntityId).max(EQUIPMENT_BATCH_MAX),
    responses: { 200: envelope(z.null()), ...standardErrors },
    summary: "Link the selected equipment to the signed-in user (My list); sets the user's linked-once flag",
    metadata: signedIn('customerEquipment'),
  },
  create: {
    method: 'POST',
    path: '/api/Equipment',
    query: withCommonQuery({}),
    body: EquipmentInput,
    responses: { 200: envelope(Equipment), ...standardErrors },
    summary: 'Add user-added equipment (needs customerPermission.isProductAddingEnabled)',
    metadata: signedIn('customerEquipment'),
  },
  update: {
    method: 'PUT',
    path: '/api/Equipment',
    query: withCommonQuery({}),
    body: EquipmentEdit,
    responses: { 200: envelope(Equipment), ...standardErrors },
    summary: 'Save the edited instrument info; contract info only for user-added equipment',
    metadata: signedIn('customerEquipment', { feature: 'Equipment', functions: ['Edit'] }),
  },
  remove: {
    method: 'DELETE',
    path: '/api/Equipment/:id',
    pathParams: idParams,
    query: withCommonQuery({}),
    responses: { 200: envelope(z.object({ deleted: z.boolean() })), ...standardErrors },
    summary: "Delete equipment the user added (deleted: true) or else remove it from the user's list (deleted: false)",
    metadata: signedIn('customerEquipment', { feature: 'ARC' }),
  },
  contractEquipmentCount: {
    method: 'GET',
    path: '/api/Equipment/contract/:contractId/equipmentcount',
    pathParams: z.object({ contractId: z.string().trim().min(1).max(M.contractId) }),
    query: withCommonQuery({}),
    responses: { 200: envelope(z.object({ totalCount: z.number().int().min(0) })), ...standardErrors },
    summary: 'How many equipment of the customer are under a contract',
    metadata: signedIn('customerEquipment'),
  },
  contracts: {
    method: 'GET',
    path: '/api/Equipment/contracts',
    query: withCommonQuery(autocompleteQuery),
    responses: { 200: envelope(z.array(EquipmentContract)), ...standardErrors },
    summary: 'Contracts of the customer matching a keyword; picking one fills the contract fields',
    metadata: signedIn('customer', { accessCode: AccessCode.ContractManagement }),
  },
});
