import { z } from 'zod';
import { EntityId, IsoDate, IsoDateTime } from '../common';
import { MAX_PAGE_SIZE } from '../listQuery';
import { InstrumentImageData } from '../images';
import { CustomerLocation } from '../users';
import { text } from './parts';

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
/** Most rows saved by one PUT Equipment/editingList and linked by one PUT Equipment/List. Chosen: not in spec. */
export const EQUIPMENT_BATCH_MAX = MAX_PAGE_SIZE;

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
  /** Kept from the service intervals (issue 38); read-only. */
  nextCalibrationDue: IsoDate.nullable(),
  nextMaintenanceDue: IsoDate.nullable(),
  /** Products-management row fields (spec 3 section 3). */
  isHidden: z.boolean().optional(),
  customerName: z.string().max(100).optional(),
  partNumber: text(M.partNumber).optional(),
  /** Asset-monitoring connection status, when the list asked for requestAgStatus. */
  agConnectStatus: text(40).optional(),
});
export type Equipment = z.infer<typeof Equipment>;
