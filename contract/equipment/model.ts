import { z } from 'zod';
import { providerStaff, signedIn } from '../access';
import { AccessCode } from '../permissions';
import {
  c,
  envelope,
  standardErrors,
  withCommonQuery,
  EntityId,
  IdParam,
  IsoDate,
  IsoDateTime,
  autocompleteQuery,
  pagingQuery,
  queryBoolean,
} from '../common';
import { INVENTORY_PAGE_SIZE, INT32_MAX, PAGE_INDEX_MAX } from '../limits';
import {
  FieldName,
  FilterFieldsQuery,
  FilterFieldsResult,
  LayoutContent,
  ListQuery,
  MAX_PAGE_SIZE,
  paged,
  XlsxDownload,
} from '../listQuery';
import { ImageChanges, InstrumentImageData } from '../images';
import { CustomerLocation } from '../users';
import {
  EMAIL_PATTERN,
  emailSchema,
  isEmailOrEmpty,
  optionalText,
  PHONE_PATTERN,
  phoneSchema,
  requiredText,
} from '../validation';

/* ------------------------------------------------------------------------------------------------------------------
 * Business constants (spec 2 sections 4, 5 and 9).
 * ---------------------------------------------------------------------------------------------------------------- */

/** Max lengths of the equipment fields (spec 2 section 5 "Add/edit equipment"; products management, spec 3). */
export const EQUIPMENT_MAX = {
  mfg: 100,
  /** Model in the add/edit form; products management and stored data allow 100. */
  modelForm: 80,
  model: 100,
  dtype: 100,
  serial: 100,
  systemId: 30,
  systemNickName: 30,
  building: 100,
  floor: 100,
  room: 100,
  department: 100,
  costCenter: 30,
  costCenter2: 30,
  contactName: 80,
  contactPhone: 40,
  contactEmail: 241,
  contactMgrName: 80,
  contactMgrPhone: 40,
  contactMgrEmail: 241,
  financialResponsibilityName: 40,
  financialResponsibilityPhone: 30,
  financialResponsibilityEmail: 30,
  vendorName: 30,
  vendorContact: 100,
  vendorTel: 30,
  vendorEmail: 50,
  oemParts: 40,
  userGroupId: 40,
  productName: 40,
  productSeries: 40,
  pcApp1: 40,
  pcAppv1: 40,
  pcId: 40,
  pcName: 40,
  os: 30,
  safetyCategory: 30,
  comments: 1000,
  general1: 30,
  general2: 30,
  general3: 30,
  pkiTag: 30,
  assetId: 30,
  rfidTag: 30,
  custSysId: 30,
  /** Products management (spec 3 section 3). */
  partNumber: 40,
  /** Pick-list codes (classification, priorities, PC connectivity): chosen, not in spec. */
  code: 40,
  contractId: 30,
  poNumber: 40,
  billingStatus: 10,
  contractDesc: 100,
} as const;

/**
 * Pick-list codes of the equipment form, the grids and the import (chosen: not in spec). The client translates
 * them; the import refuses other values with 16012 (classification), 16014/16017/16018 (priorities), 16015 (PC).
 */
export const EQUIPMENT_CODES = {
  /** USP <1058> analytical instrument groups. */
  classification: ['A', 'B', 'C'],
  /** Service, QA and safety priority. */
  priority: ['high', 'medium', 'low'],
  pcConnectivity: ['none', 'standalone', 'lan', 'usb', 'serial', 'wireless'],
} as const;

/**
 * The fields of the equipment grids (inventory, products management) with their kind: what a column can be filtered,
 * sorted, exported and imported by. The server maps each to its column; the client builds columns and filters from it.
 */
export const EQUIPMENT_LIST_FIELDS = {
  equipmentId: 'number',
  mfg: 'text',
  model: 'text',
  dtype: 'text',
  serial: 'text',
  systemId: 'text',
  systemNickName: 'text',
  osGxpFlag: 'boolean',
  building: 'text',
  floor: 'text',
  room: 'text',
  department: 'text',
  costCenter: 'text',
  costCenter2: 'text',
  contactName: 'text',
  contactPhone: 'text',
  contactEmail: 'text',
  contactMgrName: 'text',
  contactMgrPhone: 'text',
  contactMgrEmail: 'text',
  financialResponsibilityName: 'text',
  financialResponsibilityPhone: 'text',
  financialResponsibilityEmail: 'text',
  vendorName: 'text',
  vendorContact: 'text',
  vendorTel: 'text',
  vendorEmail: 'text',
  instDate: 'date',
  oemParts: 'text',
  userGroupId: 'text',
  productName: 'text',
  equipStartUpDate: 'date',
  equipConstrYear: 'number',
  equipConstrMonth: 'number',
  priorityD: 'text',
  priorityDQA: 'text',
  priorityDSafety: 'text',
  safetyCategory: 'text',
  mainComponent: 'boolean',
  indicatorRecord: 'boolean',
  productSeries: 'text',
  os: 'text',
  pcApp1: 'text',
  pcAppv1: 'text',
  pcId: 'text',
  pcName: 'text',
  pcConnectivity: 'text',
  classification: 'text',
  agConnected: 'boolean',
  isComputer: 'boolean',
  comments: 'text',
  general1: 'text',
  general2: 'text',
  general3: 'text',
  pkiTag: 'text',
  assetId: 'text',
  rfidTag: 'text',
  assetGeniusFlag: 'boolean',
  custSysId: 'text',
  contractCategroy: 'text',
  status: 'text',
  dataSourceId: 'number',
  documentCount: 'number',
  changedByCust: 'text',
  changedOnCust: 'date',
  partNumber: 'text',
  'location.city': 'text',
  'location.siteAddress': 'text',
} as const satisfies Record<string, 'text' | 'number' | 'date' | 'boolean'>;
export type EquipmentListField = keyof typeof EQUIPMENT_LIST_FIELDS;

/** dataSourceId of equipment a user added by hand (spec 2 section 3: "a special value"). Value chosen: not in spec. */
export const USER_ADDED_DATA_SOURCE_ID = 99;
/** The refusal (400) of a contract request about an instrument the customer added: it has no provider contract. */
export const USER_ADDED_REFUSAL = 'user_added_equipment';
/** The provider's own make (spec 2 section 5 "{product}"): entered as make, it fills the service company. */
export const PROVIDER_MAKE = 'PerkinElmer';
/** status of equipment under contract (spec 2 section 3). */
export const UNDER_CONTRACT_STATUS = 'INACTIVE';

/** Construction-year dropdown: 10 years back to 9 years ahead of the current year (spec 2 section 5). */
export const CONSTRUCTION_YEARS_BACK = 10;
export const CONSTRUCTION_YEARS_AHEAD = 9;

/** Contract status colour by days to expiry (spec 2 section 4): over 90 green, 0 to 90 yellow, negative red. */
export const CONTRACT_EXPIRY_WARNING_DAYS = 90;
/** Age buckets in years (spec 2 section 4): under 5, 5 to 10, over 10. */
export const AGE_BUCKET_YEARS = [5, 10] as const;

/** Contract type codes (spec 2 section 9). */
export const WARRANTY_CONTRACT_TYPES = ['ZCEW', 'ZW01'] as const;
export const SERVICE_CONTRACT_TYPES = ['ZCEG', 'ZCIC', 'ZCRR', 'ZCSA', 'ZCSI', 'ZCSS', 'ZCTR', 'ZOSC', 'ZRTA'] as const;
export const ContractType = z.enum([...WARRANTY_CONTRACT_TYPES, ...SERVICE_CONTRACT_TYPES]);
export type ContractType = z.infer<typeof ContractType>;

/** Page sizes of the detail page (spec 2 sections 7 and 9). */
export const SERVICE_CALL_PAGE_SIZE = 10;
export const SYSTEM_COMPONENT_PAGE_SIZE = 10;
/** GET Equipment/{id}/system/component without a pageSize answers up to this many (spec 2 section 7). */
export const SYSTEM_COMPONENT_DEFAULT_PAGE_SIZE = 10_000;
/** Upcoming service window (spec 2 section 9). */
export const UPCOMING_SERVICE_DAYS = 30;
/** FilterFields page size of the equipment grids (spec 2 section 7). */
export const EQUIPMENT_FILTER_FIELDS_PAGE_SIZE = 100;
/** Most rows saved by one PUT Equipment/editingList and linked by one PUT Equipment/List. Chosen: not in spec. */
export const EQUIPMENT_BATCH_MAX = MAX_PAGE_SIZE;

/** Which grid asks (POST Equipment/list, FilterFields, export). Values chosen: not in spec. */
export const EquipmentListType = z.enum(['inventory', 'productsManagement']);
export type EquipmentListType = z.infer<typeof EquipmentListType>;

/** Contact methods of the more-info and contract-team requests; codes as in spec 3 "Contact-us request". */
export const ContactMethod = { ByPhone: 1, ByEmail: 2, SeeComments: 3 } as const;
export const ContactMethodCode = z.union([
  z.literal(ContactMethod.ByPhone),
  z.literal(ContactMethod.ByEmail),
  z.literal(ContactMethod.SeeComments),
]);

/* ------------------------------------------------------------------------------------------------------------------
 * Entities (spec 2 section 3).
 * ---------------------------------------------------------------------------------------------------------------- */

const text = (max: number) => z.string().max(max).nullable();
const M = EQUIPMENT_MAX;

/** Product market info (spec 2 section 3; spec 3 section 3). Lengths other than partNumber are chosen: not in spec. */
export const PRODUCT_MARKET_INFO_MAX = {
  partNumber: 40,
  displayName: 200,
  brandName: 100,
  modelName: 100,
  shortDescription: 2000,
  /** Rich text (HTML); the client sanitises it before display. */
  longDescription: 20_000,
  dimension: 50,
  url: 2000,
  metaDescription: 500,
} as const;
const PM = PRODUCT_MARKET_INFO_MAX;

export const ProductMarketInfo = z.object({
  partNumber: z.string().max(PM.partNumber),
  displayName: text(PM.displayName),
  brandName: text(PM.brandName),
  modelName: text(PM.modelName),
  shortDescription: text(PM.shortDescription),
  longDescription: text(PM.longDescription),
  length: text(PM.dimension),
  depth: text(PM.dimension),
  height: text(PM.dimension),
  width: text(PM.dimension),
  weight: text(PM.dimension),
  largeImageUrl: text(PM.url),
  productUrl: text(PM.url),
});
export type ProductMarketInfo = z.infer<typeof ProductMarketInfo>;

/** Most of a product page's resource block the portal passes on, after sanitising (chosen: not in spec). */
export const PRODUCT_RESOURCES_MAX = 60_000;

/**
 * The resource block of the product page at productUrl, fetched by the server, sanitised (links, lists and headings
 * only) and with its links made absolute; null when the instrument has no product page or it could not be read.
 */
export const ProductResources = z.object({
  html: z.string().max(PRODUCT_RESOURCES_MAX),
  sourceUrl: z.string().max(PM.url),
});
export type ProductResources = z.infer<typeof ProductResources>;

/** A vendor contract or a contract-history row (spec 2 section 3 "Contract"). */
export const EquipmentContract = z.object({
  vendorContractId: text(M.contractId),
  /** Shown as vendorContractId when isVendor. */
  contractId: text(M.contractId),
  poNumber: text(M.poNumber),
  item: text(40),
  effectiveDate: IsoDate.nullable(),
  contractExpiry: IsoDate.nullable(),
  billingDate: IsoDate.nullable(),
  billingStatus: text(M.billingStatus),
  contractType: text(10),
  desc: text(M.contractDesc),
  isVendor: z.boolean(),
});
export type EquipmentContract = z.infer<typeof EquipmentContract>;

/** A service call of an equipment (spec 2 section 3 "Service call"); callStatus CLOSED is highlighted. */
export const ServiceCallSummary = z.object({
  serviceOrderNo: z.string().max(40),
  svmxOrderNo: text(40),
  jobType: text(40),
  callStatus: text(40),
  startDate: IsoDateTime.nullable(),
  pdfAvailable: z.boolean(),
});
export type ServiceCallSummary = z.infer<typeof ServiceCallSummary>;

export const EquipmentLocation = CustomerLocation.pick({ locationId: true, city: true, siteAddress: true });
export type EquipmentLocation = z.infer<typeof EquipmentLocation>;

/** Equipment (spec 2 section 3), as the inventory and products-management grids and the detail page read it. */
export const Equipment = z.object({
  equipmentId: EntityId,
  mfg: text(M.mfg),
  model: text(M.model),
  dtype: text(M.dtype),
  serial: text(M.serial),
  /** Months since construction year/month; derived, read-only. */
  instrumentAge: z.number().int().min(0).nullable(),
  systemId: text(M.systemId),
  systemNickName: text(M.systemNickName),
  osGxpFlag: z.boolean().nullable(),
  building: text(M.building),
  floor: text(M.floor),
  room: text(M.room),
  department: text(M.department),
  costCenter: text(M.costCenter),
  costCenter2: text(M.costCenter2),
  /** Primary user. */
  contactName: text(M.contactName),
  contactPhone: text(M.contactPhone),
  contactEmail: text(M.contactEmail),
  /** Lab manager. */
  contactMgrName: text(M.contactMgrName),
  contactMgrPhone: text(M.contactMgrPhone),
  contactMgrEmail: text(M.contactMgrEmail),
  /** Budget owner. */
  financialResponsibilityName: text(M.financialResponsibilityName),
  financialResponsibilityPhone: text(M.financialResponsibilityPhone),
  financialResponsibilityEmail: text(M.financialResponsibilityEmail),
  vendorName: text(M.vendorName),
  vendorContact: text(M.vendorContact),
  vendorTel: text(M.vendorTel),
  vendorEmail: text(M.vendorEmail),
  instDate: IsoDate.nullable(),
  oemParts: text(M.oemParts),
  userGroupId: text(M.userGroupId),
  productName: text(M.productName),
  equipStartUpDate: IsoDate.nullable(),
  equipConstrYear: z.number().int().min(1900).max(2100).nullable(),
  equipConstrMonth: z.number().int().min(1).max(12).nullable(),
  priorityD: text(M.code),
  priorityDQA: text(M.code),
  priorityDSafety: text(M.code),
  safetyCategory: text(M.safetyCategory),
  mainComponent: z.boolean().nullable(),
  indicatorRecord: z.boolean().nullable(),
  productSeries: text(M.productSeries),
  os: text(M.os),
  pcApp1: text(M.pcApp1),
  pcAppv1: text(M.pcAppv1),
  pcId: text(M.pcId),
  pcName: text(M.pcName),
  pcConnectivity: text(M.code),
  classification: text(M.code),
  agConnected: z.boolean().nullable(),
  isComputer: z.boolean().nullable(),
  comments: text(M.comments),
  general1: text(M.general1),
  general2: text(M.general2),
  general3: text(M.general3),
  /** Inventory id. */
  pkiTag: text(M.pkiTag),
  assetId: text(M.assetId),
  rfidTag: text(M.rfidTag),
  assetGeniusFlag: z.boolean().nullable(),
  custSysId: text(M.custSysId),
  /** Spelled as in the spec. */
  contractCategroy: text(40),
  /** INACTIVE means under contract. */
  status: text(20),
  /** USER_ADDED_DATA_SOURCE_ID marks user-added equipment. */
  dataSourceId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  upcomingServiceCalls: z.array(ServiceCallSummary),
  documentCount: z.number().int().min(0),
  changedByCust: text(61),
  changedOnCust: IsoDateTime.nullable(),
  instrumentImageData: InstrumentImageData.nullable(),
  largeImageUrl: text(PM.url),
  isNew: z.boolean(),
  isMine: z.boolean(),
  location: EquipmentLocation,
  labManager: z.object({ email: text(M.contactMgrEmail) }).nullable(),
  endUser: z.object({ email: text(M.contactEmail) }).nullable(),
  productMarketInfo: ProductMarketInfo.nullable(),
  contractInfoHistory: z.array(EquipmentContract),
  /** Products-management row fields (spec 3 section 3). */
  isHidden: z.boolean().optional(),
  customerName: z.string().max(100).optional(),
  partNumber: text(M.partNumber).optional(),
  /** Asset-monitoring connection status, when the list asked for requestAgStatus. */
  agConnectStatus: text(40).optional(),
});
export type Equipment = z.infer<typeof Equipment>;

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

const optionalPhone = (max: number) => phoneSchema(max).nullable().optional();
const optionalEmail = (max: number) => emailSchema(max).nullable().optional();

/** The text fields every equipment edit shares (add/edit form and products-management grid). */
const equipmentTextFields = {
  dtype: optionalText(M.dtype),
  serial: optionalText(M.serial),
  systemId: optionalText(M.systemId),
  systemNickName: optionalText(M.systemNickName),
  building: optionalText(M.building),
  floor: optionalText(M.floor),
  room: optionalText(M.room),
  department: optionalText(M.department),
  costCenter: optionalText(M.costCenter),
  costCenter2: optionalText(M.costCenter2),
  contactName: optionalText(M.contactName),
  contactPhone: optionalPhone(M.contactPhone),
  contactEmail: optionalEmail(M.contactEmail),
  contactMgrName: optionalText(M.contactMgrName),
  contactMgrPhone: optionalPhone(M.contactMgrPhone),
  contactMgrEmail: optionalEmail(M.contactMgrEmail),
  financialResponsibilityName: optionalText(M.financialResponsibilityName),
  financialResponsibilityPhone: optionalPhone(M.financialResponsibilityPhone),
  financialResponsibilityEmail: optionalEmail(M.financialResponsibilityEmail),
  vendorName: optionalText(M.vendorName),
  vendorContact: optionalText(M.vendorContact),
  vendorTel: optionalPhone(M.vendorTel),
  vendorEmail: optionalEmail(M.vendorEmail),
  oemParts: optionalText(M.oemParts),
  userGroupId: optionalText(M.userGroupId),
  productName: optionalText(M.productName),
  productSeries: optionalText(M.productSeries),
  os: optionalText(M.os),
  pcApp1: optionalText(M.pcApp1),
  pcAppv1: optionalText(M.pcAppv1),
  pcId: optionalText(M.pcId),
  pcName: optionalText(M.pcName),
  safetyCategory: optionalText(M.safetyCategory),
  comments: optionalText(M.comments),
  general1: optionalText(M.general1),
  general2: optionalText(M.general2),
  general3: optionalText(M.general3),
  pkiTag: optionalText(M.pkiTag),
  assetId: optionalText(M.assetId),
  rfidTag: optionalText(M.rfidTag),
  custSysId: optionalText(M.custSysId),
  priorityD: optionalText(M.code),
  priorityDQA: optionalText(M.code),
  priorityDSafety: optionalText(M.code),
  classification: optionalText(M.code),
  pcConnectivity: optionalText(M.code),
};

const equipmentOtherFields = {
  instDate: IsoDate.nullable().optional(),
  equipStartUpDate: IsoDate.nullable().optional(),
  equipConstrYear: z.number().int().min(1900).max(2100).nullable().optional(),
  equipConstrMonth: z.number().int().min(1).max(12).nullable().optional(),
  osGxpFlag: z.boolean().nullable().optional(),
  mainComponent: z.boolean().nullable().optional(),
  indicatorRecord: z.boolean().nullable().optional(),
  assetGeniusFlag: z.boolean().nullable().optional(),
  agConnected: z.boolean().nullable().optional(),
  isComputer: z.boolean().nullable().optional(),
};

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

export const END_USER_EMAIL_MESSAGE = 'endUser_email_warning';

/** One edited row of the products-management grid (spec 3 sections 3 and 5): only the cells sent change. */
export const EquipmentRowEdit = z
  .object({
    ...equipmentTextFields,
    ...equipmentOtherFields,
    mfg: requiredText(M.mfg),
    model: requiredText(M.model),
    partNumber: optionalText(M.partNumber),
    contactEmail: z.string().trim().max(M.contactEmail).refine(isEmailOrEmpty, END_USER_EMAIL_MESSAGE).nullable(),
    isHidden: z.boolean(),
  })
  .partial()
  .extend({ equipmentId: EntityId });
export type EquipmentRowEdit = z.infer<typeof EquipmentRowEdit>;

/* ------------------------------------------------------------------------------------------------------------------
 * Requests of the detail page (spec 2 section 3 and section 5 "Request more info", "Contact the contract team").
 * ---------------------------------------------------------------------------------------------------------------- */

/** Lengths of spec 2 section 9: comments 200, names 30, company 60, e-mail 60, phone 20. */
export const REQUEST_MAX = { comments: 200, name: 30, company: 60, email: 60, phone: 20 } as const;

const requiredEmail = (max: number) => requiredText(max).regex(EMAIL_PATTERN, 'lblEmailsWarning');
const requiredPhone = (max: number) => requiredText(max).regex(PHONE_PATTERN, 'phone');

export const MoreInfoRequest = z.object({
  equipmentId: EntityId,
  firstName: requiredText(REQUEST_MAX.name),
  lastName: requiredText(REQUEST_MAX.name),
  emailAddress: requiredEmail(REQUEST_MAX.email),
  telephone: requiredPhone(REQUEST_MAX.phone),
  companyName: optionalText(REQUEST_MAX.company),
  countryId: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  /** Display name of the country, attached by the client before sending. */
  country: optionalText(100),
  contactMethod: ContactMethodCode.nullable().optional(),
  comments: optionalText(REQUEST_MAX.comments),
});
export type MoreInfoRequest = z.infer<typeof MoreInfoRequest>;

export const ContractTeamRequest = z.object({
  equipmentId: EntityId,
  userName: optionalText(61),
  firstName: requiredText(REQUEST_MAX.name),
  lastName: requiredText(REQUEST_MAX.name),
  emailAddress: requiredEmail(REQUEST_MAX.email),
  telephone: requiredPhone(REQUEST_MAX.phone),
  contactMethod: ContactMethodCode.nullable().optional(),
  comments: optionalText(REQUEST_MAX.comments),
  /** Plans or services of interest (contract plans comparison); length chosen: not in spec. */
  interestedIn: optionalText(200),
  additionalSolutionsFor: optionalText(200),
  mfg: optionalText(M.mfg),
  model: optionalText(M.model),
  serial: optionalText(M.serial),
});
export type ContractTeamRequest = z.infer<typeof ContractTeamRequest>;

/** Where a contract change request stands; the contract team moves it on (spec 2 row menu "View ARC requests"). */
export const ContractRequestStatus = z.enum(['SUBMITTED', 'IN_PROGRESS', 'CLOSED']);
export type ContractRequestStatus = z.infer<typeof ContractRequestStatus>;

/** Requests on one page of View ARC requests, and the most a page may ask for. Chosen: not in spec. */
export const CONTRACT_REQUEST_PAGE_SIZE = 10;
export const CONTRACT_REQUEST_PAGE_SIZE_MAX = 100;

/** The reference a contract change request goes by, in its mails and in the list: CR-000042. */
export const contractRequestReference = (id: number) => `CR-${String(id).padStart(6, '0')}`;

/**
 * One contract change request of an instrument as View ARC requests lists it: when and by whom it was made, how the
 * requester wants to be contacted and what they asked, as the contract team received it.
 */
export const ContractChangeRequest = z.object({
  id: EntityId,
  reference: z.string().max(20),
  status: ContractRequestStatus,
  createdOn: IsoDateTime,
  /** The requester's account (first and last name); the name on the form when that account is gone. */
  requesterName: z.string().max(2 * REQUEST_MAX.name + 1),
  contactMethod: ContactMethodCode.nullable(),
  interestedIn: z.string().max(200).nullable(),
  additionalSolutionsFor: z.string().max(200).nullable(),
  comments: z.string().max(REQUEST_MAX.comments).nullable(),
});
export type ContractChangeRequest = z.infer<typeof ContractChangeRequest>;

/* ------------------------------------------------------------------------------------------------------------------
 * Utilization (spec 2 section 3 "Utilization", sections 2 and 9).
 * ---------------------------------------------------------------------------------------------------------------- */

/** Date range: 0 is the last week, otherwise months. */
export const UTILIZATION_RANGES = [0, 1, 6, 12] as const;
export const DEFAULT_UTILIZATION_RANGE = 12;
export const UtilizationRange = z.coerce
  .number()
  .int()
  .refine((v) => (UTILIZATION_RANGES as readonly number[]).includes(v), 'range');
export const UTILIZATION_SUMMARY_VIEWS = ['dailyAverage', 'percentage', 'total'] as const;
export const UtilizationSummaryView = z.enum(UTILIZATION_SUMMARY_VIEWS);
export const DEFAULT_UTILIZATION_SUMMARY_VIEW = 'total';
/** Detail filter autocomplete lists up to this many unique items when empty. */
export const UTILIZATION_FILTER_SUGGESTIONS = 100;
/** Most events agEventList answers (a period's suggestions). Chosen: not in spec. */
export const UTILIZATION_EVENT_LIST_MAX = 5000;
export const CONNECTION_STATUSES = ['Connected', 'Never Connected', 'Not connected'] as const;
export const CAPTURE_STATUSES = ['Inactive', 'Normal', 'Never Captured', 'Warning', 'Critical'] as const;

/** One period of the chart: utilization against service and downtime. */
export const UtilizationPeriod = z.object({
  durationName: z.string().max(50),
  utilSum: z.number(),
  servSum: z.number(),
  utilAvg: z.number(),
  servAvg: z.number(),
  utilPerc: z.number(),
  servPerc: z.number(),
  startDate: IsoDate,
  endDate: IsoDate,
});
export type UtilizationPeriod = z.infer<typeof UtilizationPeriod>;

export const EventSummary = z.object({
  eventSummary: z.array(UtilizationPeriod),
  startDate: IsoDate,
  endDate: IsoDate,
  totalDays: z.number().int().min(0),
});
export type EventSummary = z.infer<typeof EventSummary>;

/** Asset data of a monitored instrument and its event summary. Status texts outside the lists show an error icon. */
export const Utilization = EventSummary.extend({
  id: z.number().int(),
  dateRangeSelect: UtilizationRange,
  summaryViewSelect: UtilizationSummaryView.optional(),
  site: text(100),
  assetId: text(M.assetId),
  assetName: text(100),
  eqType: text(100),
  software: text(100),
  captureType: text(50),
  captureStatus: text(50),
  lastCaptureDate: IsoDateTime.nullable(),
  connStatus: text(50),
  lastConnectedDate: IsoDateTime.nullable(),
  workHours: z.number().nullable(),
  nonWorkDays: text(100),
  /** External link; the client puts the asset id in. */
  assetUrlTemplate: text(PM.url),
});
export type Utilization = z.infer<typeof Utilization>;

/** A detail row of the utilization details modal. */
export const UtilizationEvent = z.object({
  startTime: IsoDateTime,
  endTime: IsoDateTime.nullable(),
  hours: z.number(),
  method: text(200),
  sampleName: text(200),
  sampleCount: z.number().int().nullable(),
  injectionCount: z.number().int().nullable(),
  category: text(100),
  project: text(200),
  groupId: text(100),
  user: text(100),
});
export type UtilizationEvent = z.infer<typeof UtilizationEvent>;

export const UtilizationEventQuery = z.object({
  pageIndex: z.number().int().min(0).max(PAGE_INDEX_MAX).default(0),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
  /** Field name to the ids picked for it. */
  filter: z.record(FieldName, z.array(z.string().max(500)).max(1000)).default({}),
  fullTextSearch: z.string().trim().max(200).optional(),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  systemId: z.string().trim().max(M.systemId),
  /** Must be the current customer; the server checks. */
  customerId: EntityId,
  sortField: FieldName.optional(),
  sortDesc: z.boolean().optional(),
});
export type UtilizationEventQuery = z.infer<typeof UtilizationEventQuery>;

/* ------------------------------------------------------------------------------------------------------------------
 * Inventory calls: bodies and results.
 * ---------------------------------------------------------------------------------------------------------------- */

const equipmentListOptions = {
  /** Only the equipment linked to the signed-in user (My list). */
  isFollowed: z.boolean().optional(),
  listType: EquipmentListType.default('inventory'),
  /** Add the asset-monitoring connection status of each row. */
  requestAgStatus: z.boolean().optional(),
};

export const EquipmentListQuery = ListQuery.extend({
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(INVENTORY_PAGE_SIZE),
  ...equipmentListOptions,
});
export type EquipmentListQuery = z.infer<typeof EquipmentListQuery>;

export const EquipmentFilterFieldsQuery = FilterFieldsQuery.extend(equipmentListOptions);
export type EquipmentFilterFieldsQuery = z.infer<typeof EquipmentFilterFieldsQuery>;

export const EquipmentExportQuery = ListQuery.extend({
  pageIndex: z.literal(0).default(0),
  pageSize: z.literal(0).default(0),
  ...equipmentListOptions,
  layoutContent: LayoutContent,
});
export type EquipmentExportQuery = z.infer<typeof EquipmentExportQuery>;

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

/** Answer of GET Equipment/fieldOption: `items` for a full list, else `fieldOptions`; `hitMessage` replaces the list. */
export const FieldOptionResult = z.object({
  items: z.array(z.string().nullable()).optional(),
  fieldOptions: z.array(z.string().nullable()).optional(),
  hitMessage: z.string().max(500).optional(),
});
export type FieldOptionResult = z.infer<typeof FieldOptionResult>;

const noBody = z.object({}).strict().optional();
const idParams = z.object({ id: IdParam });
const equipmentIdParams = z.object({ equipmentId: IdParam });

/** The inventory grid's calls: the products-management grid (listType productsManagement) is provider staff's. */
const inventoryOrProductsManagement = signedIn('customerEquipment', {
  variant: {
    field: 'listType',
    access: { productsManagement: providerStaff('customerEquipment', { accessCode: AccessCode.Admin }).access },
  },
});

export const equipmentContract = c.router(
  {
    list: {
      method: 'POST',
      path: '/api/Equipment/list',
      query: withCommonQuery({}),
      body: EquipmentListQuery,
      responses: { 200: envelope(paged(Equipment)), ...standardErrors },
      summary: 'A page of equipment of the current customer (inventory or products management) with filters and sort',
      metadata: inventoryOrProductsManagement,
    },
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
    updateEditingList: {
      method: 'PUT',
      path: '/api/Equipment/editingList',
      query: withCommonQuery({}),
      body: z.array(EquipmentRowEdit).min(1).max(EQUIPMENT_BATCH_MAX),
      responses: { 200: envelope(z.object({ updatedCount: z.number().int().min(0) })), ...standardErrors },
      summary: 'Save the edited rows of the products-management grid, all or none',
      metadata: providerStaff('customerEquipment', { accessCode: AccessCode.Admin }),
    },
    remove: {
      method: 'DELETE',
      path: '/api/Equipment/:id',
      pathParams: idParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(z.object({ deleted: z.boolean() })), ...standardErrors },
      summary:
        "Delete equipment the user added (deleted: true) or else remove it from the user's list (deleted: false)",
      metadata: signedIn('customerEquipment', { feature: 'ARC' }),
    },
    filterFields: {
      method: 'POST',
      path: '/api/Equipment/FilterFields',
      query: withCommonQuery({}),
      body: EquipmentFilterFieldsQuery,
      responses: { 200: envelope(FilterFieldsResult), ...standardErrors },
      summary: 'Filter suggestions for grid columns of the inventory or products management',
      metadata: inventoryOrProductsManagement,
    },
    fieldOption: {
      method: 'GET',
      path: '/api/Equipment/fieldOption',
      query: withCommonQuery({ optionType: FieldName, fullList: queryBoolean.optional(), ...autocompleteQuery }),
      responses: { 200: envelope(FieldOptionResult), ...standardErrors },
      summary: 'Distinct values of one equipment field for an autocomplete or a column filter',
      metadata: signedIn('customerEquipment'),
    },
    export: {
      method: 'POST',
      path: '/api/Equipment/export',
      query: withCommonQuery({}),
      body: EquipmentExportQuery,
      responses: { 200: XlsxDownload, ...standardErrors },
      summary: 'Every row of the filtered equipment list as an .xlsx download with the visible columns, streamed',
      metadata: inventoryOrProductsManagement,
    },
    refreshUpcomingServiceCalls: {
      method: 'POST',
      path: '/api/Equipment/:id/refreshUpcomingServiceCalls',
      pathParams: idParams,
      query: withCommonQuery({}),
      body: noBody,
      responses: { 200: envelope(z.array(ServiceCallSummary)), ...standardErrors },
      summary: 'Recompute and return the upcoming service calls of an equipment',
      metadata: signedIn('customerEquipment'),
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
    detail: {
      method: 'GET',
      path: '/api/Equipment/:id',
      pathParams: idParams,
      query: withCommonQuery({ otherComponent: queryBoolean.optional() }),
      responses: { 200: envelope(EquipmentDetail), ...standardErrors },
      summary: 'An equipment with EHS data (and other system components); errorCode 10002 when not found',
      metadata: signedIn('customerEquipment'),
    },
    productResources: {
      method: 'GET',
      path: '/api/Equipment/:id/productResources',
      pathParams: idParams,
      query: withCommonQuery({}),
      responses: { 200: envelope(ProductResources.nullable()), ...standardErrors },
      summary:
        "The resource block of the instrument's product page (Product information tab, Resources); null when there is none",
      metadata: signedIn('customerEquipment'),
    },
    setDefaultImage: {
      method: 'PUT',
      path: '/api/Equipment/:id/defaultImage',
      pathParams: idParams,
      query: withCommonQuery({}),
      body: z.object({ resourceId: EntityId }),
      responses: { 200: envelope(InstrumentImageData), ...standardErrors },
      summary: 'Make one image of an equipment its default image',
      metadata: signedIn('customerEquipment'),
    },
    updateImages: {
      method: 'PUT',
      path: '/api/Equipment/:id/image',
      pathParams: idParams,
      query: withCommonQuery({}),
      body: ImageChanges,
      responses: { 200: envelope(InstrumentImageData.nullable()), ...standardErrors },
      summary: 'Register uploaded images and delete images of an equipment; null once no image is left',
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
    contractRequests: {
      method: 'GET',
      // path chosen: not in spec
      path: '/api/Equipment/:id/contract/request',
      pathParams: idParams,
      query: withCommonQuery(pagingQuery(CONTRACT_REQUEST_PAGE_SIZE, CONTRACT_REQUEST_PAGE_SIZE_MAX)),
      responses: { 200: envelope(paged(ContractChangeRequest)), ...standardErrors },
      summary:
        "A page of an equipment's contract change requests by anyone of the customer, newest first (View ARC requests; needs ARC); errorCode 10002 when not found",
      metadata: signedIn('customerEquipment', { feature: 'ARC' }),
    },
    requestMarketInfo: {
      method: 'POST',
      path: '/api/Equipment/MarketInfo/Request',
      query: withCommonQuery({}),
      body: MoreInfoRequest,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Ask for more product information about an equipment (mails the provider)',
      metadata: signedIn('customerEquipment'),
    },
    requestContract: {
      method: 'POST',
      path: '/api/Equipment/Contract/Request',
      query: withCommonQuery({}),
      body: ContractTeamRequest,
      responses: { 200: envelope(z.null()), ...standardErrors },
      summary: 'Contact the contract team about an equipment (contract change request)',
      metadata: signedIn('customerEquipment', { feature: 'ARC' }),
    },
    contractPdf: {
      method: 'GET',
      path: '/api/Equipment/:id/contract/PDF', // path chosen: not in spec
      pathParams: idParams,
      query: withCommonQuery({
        /** One contract of the history by its contractId (as contractInfoHistory has it); default the latest. */
        contractId: z.string().trim().min(1).max(M.contractId).optional(),
      }),
      responses: {
        200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Blob>() }),
        ...standardErrors,
      },
      summary:
        'The contract PDF of an instrument, opened in a new window; errorCode 10002 (JSON) when not found, 400 for a user-added instrument, 404 without that contract',
      metadata: signedIn('customerEquipment'),
    },
    utilizationEvents: {
      method: 'POST',
      path: '/api/Equipment/agEventFilterList',
      query: withCommonQuery({}),
      body: UtilizationEventQuery,
      responses: { 200: envelope(paged(UtilizationEvent)), ...standardErrors },
      summary: 'A filtered, sorted page of utilization events of a system in a period (details modal)',
      metadata: signedIn('customerEquipment'),
    },
    utilizationSummary: {
      method: 'POST',
      path: '/api/Equipment/agEventSummary',
      query: withCommonQuery({ equipmentId: IdParam, filter: UtilizationRange }),
      body: noBody,
      responses: { 200: envelope(EventSummary), ...standardErrors },
      summary: 'Utilization against service and downtime per period of a date range',
      metadata: signedIn('customerEquipment'),
    },
    utilizationEventList: {
      method: 'POST',
      path: '/api/Equipment/agEventList',
      query: withCommonQuery({
        systemId: z.string().trim().min(1).max(M.systemId),
        customerId: IdParam,
        startDate: IsoDateTime,
        endDate: IsoDateTime,
      }),
      body: noBody,
      responses: { 200: envelope(z.array(UtilizationEvent).max(UTILIZATION_EVENT_LIST_MAX)), ...standardErrors },
      summary: 'The utilization events of a system in a period in time order, the first UTILIZATION_EVENT_LIST_MAX',
      metadata: signedIn('customerEquipment'),
    },
    utilizationAsset: {
      method: 'POST',
      path: '/api/Equipment/agAssetDataAndEventSummary',
      query: withCommonQuery({ equipmentId: IdParam, filter: UtilizationRange }),
      body: noBody,
      responses: {
        200: envelope(z.object({ assetUtilization: Utilization.nullable(), assetRequested: z.boolean() })),
        ...standardErrors,
      },
      summary: 'Asset data and event summary of a monitored equipment; assetRequested when monitoring was requested',
      metadata: signedIn('customerEquipment'),
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
  },
  { strictStatusCodes: true },
);
