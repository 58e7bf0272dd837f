import { z } from 'zod';
import { providerStaff, readsOnly, signedIn } from '../access';
import { AccessCode } from '../permissions';
import { autocompleteQuery, c, envelope, queryBoolean, standardErrors, withCommonQuery } from '../common';
import { INVENTORY_PAGE_SIZE } from '../limits';
import {
  FieldName,
  FilterFieldsQuery,
  FilterFieldsResult,
  LayoutContent,
  ListCount,
  ListQuery,
  MAX_PAGE_SIZE,
  SelectedIds,
  cappedPaged,
  XlsxDownload,
} from '../listQuery';
import { Equipment } from './model';

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
  /** Read-only, kept from the service intervals (issue 38): the next calibration and preventive maintenance. */
  nextCalibrationDue: 'date',
  nextMaintenanceDue: 'date',
} as const satisfies Record<string, 'text' | 'number' | 'date' | 'boolean'>;
export type EquipmentListField = keyof typeof EQUIPMENT_LIST_FIELDS;

/** FilterFields page size of the equipment grids (spec 2 section 7). */
export const EQUIPMENT_FILTER_FIELDS_PAGE_SIZE = 100;

/** Which grid asks (POST Equipment/list, FilterFields, export). Values chosen: not in spec. */
export const EquipmentListType = z.enum(['inventory', 'productsManagement']);
export type EquipmentListType = z.infer<typeof EquipmentListType>;

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

/** The body of Equipment/list/count: the list's filters, keyword and scope; no page, no order. */
export const EquipmentCountQuery = ListQuery.pick({ filterSettings: true, fullTextSearchSetting: true }).extend({
  isFollowed: equipmentListOptions.isFollowed,
  listType: equipmentListOptions.listType,
});
export type EquipmentCountQuery = z.infer<typeof EquipmentCountQuery>;

export const EquipmentFilterFieldsQuery = FilterFieldsQuery.extend(equipmentListOptions);
export type EquipmentFilterFieldsQuery = z.infer<typeof EquipmentFilterFieldsQuery>;

export const EquipmentExportQuery = ListQuery.extend({
  pageIndex: z.literal(0).default(0),
  pageSize: z.literal(0).default(0),
  ...equipmentListOptions,
  layoutContent: LayoutContent,
  /** Only these instruments of the list (the grid's selection); the whole list without it. Not in spec. */
  equipmentIds: SelectedIds.optional(),
});
export type EquipmentExportQuery = z.infer<typeof EquipmentExportQuery>;

/** Answer of GET Equipment/fieldOption: `items` for a full list, else `fieldOptions`; `hitMessage` replaces the list. */
export const FieldOptionResult = z.object({
  items: z.array(z.string().nullable()).optional(),
  fieldOptions: z.array(z.string().nullable()).optional(),
  hitMessage: z.string().max(500).optional(),
});
export type FieldOptionResult = z.infer<typeof FieldOptionResult>;

/** The inventory grid's calls: the products-management grid (listType productsManagement) is provider staff's. */
const inventoryOrProductsManagement = signedIn('customerEquipment', {
  variant: {
    field: 'listType',
    access: { productsManagement: providerStaff('customerEquipment', { accessCode: AccessCode.Admin }).access },
  },
});

export const listRoutes = c.router({
  list: {
    method: 'POST',
    path: '/api/Equipment/list',
    query: withCommonQuery({}),
    body: EquipmentListQuery,
    responses: { 200: envelope(cappedPaged(Equipment)), ...standardErrors },
    summary: 'A page of equipment of the current customer (inventory or products management) with filters and sort',
    metadata: readsOnly(inventoryOrProductsManagement),
  },
  listCount: {
    method: 'POST',
    path: '/api/Equipment/list/count',
    query: withCommonQuery({}),
    body: EquipmentCountQuery,
    responses: { 200: envelope(ListCount), ...standardErrors },
    summary:
      "How many instruments match the list's filters and keyword: exact, or a lower bound when counting took more " +
      'than its time bound (2 s); kept 60 s per customer, list version and query',
    metadata: readsOnly(inventoryOrProductsManagement),
  },
  filterFields: {
    method: 'POST',
    path: '/api/Equipment/FilterFields',
    query: withCommonQuery({}),
    body: EquipmentFilterFieldsQuery,
    responses: { 200: envelope(FilterFieldsResult), ...standardErrors },
    summary: 'Filter suggestions for grid columns of the inventory or products management',
    metadata: readsOnly(inventoryOrProductsManagement),
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
    summary:
      'Every row of the filtered equipment list (or only the selected rows, equipmentIds) as an .xlsx download with ' +
      'the visible columns, streamed',
    metadata: readsOnly(inventoryOrProductsManagement),
  },
  importTemplate: {
    method: 'GET',
    path: '/api/Equipment/importTemplate', // path chosen: not in spec (spec 2 section 7 names a static template)
    query: withCommonQuery({}),
    responses: { 200: XlsxDownload, ...standardErrors },
    summary:
      "The import template as an .xlsx download, with the session customer's own labels of the asset id and general 1 to 3 as their headers",
    metadata: signedIn('customer'),
  },
});
