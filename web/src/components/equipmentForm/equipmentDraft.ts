import type { ZodIssue } from 'zod';
import {
  CONSTRUCTION_YEARS_AHEAD,
  CONSTRUCTION_YEARS_BACK,
  EQUIPMENT_CODES,
  EQUIPMENT_MAX,
  EquipmentEdit,
  EquipmentInput,
  PROVIDER_MAKE,
  USER_ADDED_DATA_SOURCE_ID,
  type ContractInput,
  type Equipment,
} from '../../../../contract/equipment';

/*
 * The add/edit equipment form without the screen (spec 2 sections 4 and 5): the draft, the fields of each tab,
 * the body sent to POST or PUT Equipment, and the rules the same zod schemas as the server's check.
 */

export type TabId = 'basic' | 'additional' | 'contract';

type Kind = 'text' | 'textarea' | 'phone' | 'email' | 'date' | 'boolean' | 'code';

export interface FieldSpec {
  name: string;
  kind: Kind;
  max?: number;
  /** The pick-list of a code field (keys of EQUIPMENT_CODES). */
  codes?: keyof typeof EQUIPMENT_CODES;
}

const text = (name: keyof typeof EQUIPMENT_MAX, kind: Kind = 'text'): FieldSpec => ({
  name,
  kind,
  max: EQUIPMENT_MAX[name],
});
const code = (name: string, codes: keyof typeof EQUIPMENT_CODES): FieldSpec => ({ name, kind: 'code', codes });
const flag = (name: string): FieldSpec => ({ name, kind: 'boolean' });
const date = (name: string): FieldSpec => ({ name, kind: 'date' });

/** The plain fields of each tab, in screen order; make, model, location and construction date are laid out apart. */
export const BASIC_FIELDS: readonly FieldSpec[] = [
  text('dtype'),
  text('serial'),
  text('systemId'),
  text('systemNickName'),
  text('pkiTag'),
  text('assetId'),
  text('building'),
  text('floor'),
  text('room'),
  text('department'),
  text('costCenter'),
  text('costCenter2'),
  text('contactName'),
  text('contactPhone', 'phone'),
  text('contactEmail', 'email'),
  text('contactMgrName'),
  text('contactMgrPhone', 'phone'),
  text('contactMgrEmail', 'email'),
  text('financialResponsibilityName'),
  text('financialResponsibilityPhone', 'phone'),
  text('financialResponsibilityEmail', 'email'),
  date('instDate'),
  date('equipStartUpDate'),
];

export const ADDITIONAL_FIELDS: readonly FieldSpec[] = [
  text('vendorName'),
  text('vendorContact'),
  text('vendorTel', 'phone'),
  text('vendorEmail', 'email'),
  text('productName'),
  text('productSeries'),
  text('oemParts'),
  text('userGroupId'),
  code('classification', 'classification'),
  code('priorityD', 'priority'),
  code('priorityDQA', 'priority'),
  code('priorityDSafety', 'priority'),
  text('safetyCategory'),
  flag('osGxpFlag'),
  flag('mainComponent'),
  flag('indicatorRecord'),
  flag('isComputer'),
  text('os'),
  text('pcName'),
  text('pcId'),
  text('pcApp1'),
  text('pcAppv1'),
  code('pcConnectivity', 'pcConnectivity'),
  text('rfidTag'),
  text('custSysId'),
  text('general1'),
  text('general2'),
  text('general3'),
  text('comments', 'textarea'),
];

export const CONTRACT_FIELDS = [
  'contractId',
  'effectiveDate',
  'contractExpiry',
  'contractType',
  'poNumber',
  'billingDate',
  'billingStatus',
  'desc',
] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];

export const CONTRACT_MAX: Partial<Record<ContractField, number>> = {
  contractId: EQUIPMENT_MAX.contractId,
  poNumber: EQUIPMENT_MAX.poNumber,
  billingStatus: EQUIPMENT_MAX.billingStatus,
  desc: EQUIPMENT_MAX.contractDesc,
};

const SPECIAL_BASIC = ['locationId', 'mfg', 'model', 'equipConstrYear', 'equipConstrMonth'];
const PLAIN = [...BASIC_FIELDS, ...ADDITIONAL_FIELDS];

/** Every value of the form as the inputs hold it: text. Booleans are '', 'true' or 'false'. */
export type Draft = Record<string, string>;

/** The key of a contract field in the draft and in error paths. */
export const contractKey = (field: ContractField) => `contract.${field}`;

const TAB_OF = new Map<string, TabId>([
  ...SPECIAL_BASIC.map((n) => [n, 'basic'] as const),
  ...BASIC_FIELDS.map((f) => [f.name, 'basic'] as const),
  ...ADDITIONAL_FIELDS.map((f) => [f.name, 'additional'] as const),
  ...CONTRACT_FIELDS.map((f) => [contractKey(f), 'contract'] as const),
]);

/** The tab a field (or an error path) is on. */
export const tabOf = (key: string): TabId => TAB_OF.get(key) ?? (key.startsWith('contract') ? 'contract' : 'basic');

export const isUserAdded = (equipment: Pick<Equipment, 'dataSourceId'>) =>
  equipment.dataSourceId === USER_ADDED_DATA_SOURCE_ID;

/** Contract info is shown when adding, or when editing user-added equipment (spec 2 section 2). */
export const hasContractTab = (equipment: Equipment | null) => equipment === null || isUserAdded(equipment);

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The draft of new equipment (at the user's location) or of the equipment being edited. */
export function draftOf(equipment: Equipment | null, defaultLocationId: number | null): Draft {
  const draft: Draft = {
    locationId: str(equipment ? equipment.location.locationId : defaultLocationId),
    mfg: str(equipment?.mfg),
    model: str(equipment?.model),
    equipConstrYear: str(equipment?.equipConstrYear),
    equipConstrMonth: str(equipment?.equipConstrMonth),
  };
  for (const field of PLAIN) draft[field.name] = str(equipment?.[field.name as keyof Equipment]);
  const contract = equipment?.contractInfoHistory[0];
  for (const field of CONTRACT_FIELDS) draft[contractKey(field)] = str(contract?.[field]);
  return draft;
}

/** Whether the draft differs from where it started (the unsaved-data flag). */
export const isDirty = (draft: Draft, initial: Draft) =>
  Object.keys({ ...draft, ...initial }).some((k) => (draft[k] ?? '') !== (initial[k] ?? ''));

/** A change of one field, with the make rule: the provider's own make fills the service company with its name. */
export function withChange(draft: Draft, key: string, value: string): Draft {
  const next = { ...draft, [key]: value };
  if (key === 'mfg' && value.trim().toLowerCase() === PROVIDER_MAKE.toLowerCase()) next.vendorName = PROVIDER_MAKE;
  return next;
}

/** Fill the contract fields from a picked contract (spec 2 section 4 "Contract autocomplete"). */
export function withContract(draft: Draft, contract: Partial<Record<ContractField, string | null>>): Draft {
  const next = { ...draft };
  for (const field of CONTRACT_FIELDS) next[contractKey(field)] = str(contract[field]);
  return next;
}

const orNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());
const numberOrNull = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
const booleanOrNull = (v: string | undefined) => (v === 'true' ? true : v === 'false' ? false : null);

export const isContractEmpty = (draft: Draft) => CONTRACT_FIELDS.every((f) => orNull(draft[contractKey(f)]) === null);

/**
 * The body of POST Equipment (equipment null) or PUT Equipment. Contract info is dropped when empty; when editing
 * user-added equipment, empty contract info is sent as null, which removes the equipment's contract.
 */
export function bodyOf(draft: Draft, equipment: Equipment | null): Record<string, unknown> {
  const body: Record<string, unknown> = {
    locationId: numberOrNull(draft.locationId),
    mfg: draft.mfg ?? '',
    model: draft.model ?? '',
    equipConstrYear: numberOrNull(draft.equipConstrYear),
    equipConstrMonth: numberOrNull(draft.equipConstrMonth),
  };
  for (const field of PLAIN) {
    const value = draft[field.name];
    body[field.name] = field.kind === 'boolean' ? booleanOrNull(value) : orNull(value);
  }
  if (hasContractTab(equipment)) {
    if (!isContractEmpty(draft)) {
      const contract: Record<string, unknown> = {};
      for (const field of CONTRACT_FIELDS) contract[field] = orNull(draft[contractKey(field)]);
      body.contract = contract as ContractInput;
    } else if (equipment !== null) {
      body.contract = null;
    }
  }
  if (equipment !== null) body.equipmentId = equipment.equipmentId;
  return body;
}

/** An error of one field: the message key and, for a too-long text, the maximum. */
export interface FieldError {
  key: string;
  max?: number;
}

const errorOf = (issue: ZodIssue): FieldError =>
  issue.code === 'too_big' ? { key: 'max_length', max: Number(issue.maximum) } : { key: issue.message };

/** The draft checked with the contract's schema: the body to send, or the first problem of each field by path. */
export function parseDraft(
  draft: Draft,
  equipment: Equipment | null,
): { body: Record<string, unknown> | null; errors: Map<string, FieldError> } {
  const schema = equipment === null ? EquipmentInput : EquipmentEdit;
  const result = schema.safeParse(bodyOf(draft, equipment));
  const errors = new Map<string, FieldError>();
  if (result.success) return { body: result.data, errors };
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!errors.has(key)) errors.set(key, errorOf(issue));
  }
  return { body: null, errors };
}

/** How many of the shown errors are on each tab (the tab badges). */
export function errorCountByTab(errors: ReadonlyMap<string, FieldError>): Record<TabId, number> {
  const counts: Record<TabId, number> = { basic: 0, additional: 0, contract: 0 };
  for (const key of errors.keys()) counts[tabOf(key)] += 1;
  return counts;
}

/** Years of the construction-year dropdown: 10 back to 9 ahead of now, plus a stored year outside that span. */
export function constructionYears(now: Date, stored?: string): number[] {
  const year = now.getFullYear();
  const years = Array.from(
    { length: CONSTRUCTION_YEARS_BACK + CONSTRUCTION_YEARS_AHEAD + 1 },
    (_, i) => year - CONSTRUCTION_YEARS_BACK + i,
  );
  const kept = Number(stored);
  if (stored && Number.isInteger(kept) && !years.includes(kept)) years.push(kept);
  return years.sort((a, b) => a - b);
}

export const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Months from the construction year and month to now (read-only in the form); null without a year. */
export function instrumentAgeOf(year: string, month: string, now: Date): number | null {
  if (year === '') return null;
  const months = (now.getFullYear() - Number(year)) * 12 + (now.getMonth() + 1 - (month === '' ? 1 : Number(month)));
  return Math.max(0, months);
}
