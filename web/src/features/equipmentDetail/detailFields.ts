import type { Equipment } from '../../../../contract/equipment';

/** The Equipment fields of each section of the Instrument tab, in screen order (spec 2 sections 2 and 3). */
export const DETAILS_FIELDS = [
  'mfg',
  'model',
  'dtype',
  'serial',
  'systemId',
  'systemNickName',
  'pkiTag',
  'assetId',
  'custSysId',
  'rfidTag',
  'assetGeniusFlag',
  'productName',
  'productSeries',
  'classification',
  'osGxpFlag',
  'mainComponent',
  'indicatorRecord',
  'priorityD',
  'priorityDQA',
  'priorityDSafety',
  'safetyCategory',
  'instDate',
  'equipStartUpDate',
  'equipConstrYear',
  'equipConstrMonth',
  'instrumentAge',
  'status',
  'contractCategroy',
] as const;

export const LOCATION_FIELDS = [
  'location.city',
  'location.siteAddress',
  'building',
  'floor',
  'room',
  'department',
  'costCenter',
  'costCenter2',
] as const;

export const VENDOR_FIELDS = ['vendorName', 'vendorContact', 'vendorTel', 'vendorEmail', 'oemParts'] as const;

export const ADDITIONAL_FIELDS = [
  'userGroupId',
  'isComputer',
  'os',
  'pcName',
  'pcId',
  'pcApp1',
  'pcAppv1',
  'pcConnectivity',
  'agConnected',
  'general1',
  'general2',
  'general3',
  'comments',
  'changedByCust',
  'changedOnCust',
] as const;

/** Shown only when they hold a value (spec 2 section 2). */
export const HIDDEN_WHEN_EMPTY: readonly string[] = ['rfidTag', 'assetGeniusFlag'];

/** The three contacts of the User section: which Equipment fields hold each one's name, phone and e-mail. */
export const CONTACTS = [
  { role: 'contactName', name: 'contactName', phone: 'contactPhone', email: 'contactEmail' },
  { role: 'contactMgrName', name: 'contactMgrName', phone: 'contactMgrPhone', email: 'contactMgrEmail' },
  {
    role: 'financialResponsibilityName',
    name: 'financialResponsibilityName',
    phone: 'financialResponsibilityPhone',
    email: 'financialResponsibilityEmail',
  },
] as const satisfies ReadonlyArray<Record<string, keyof Equipment>>;

/** A field's value; nested location fields are read by path. */
export const valueOf = (equipment: Equipment, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], equipment);
