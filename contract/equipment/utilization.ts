import { z } from 'zod';
import { readsOnly, signedIn } from '../access';
import { c, envelope, EntityId, IdParam, IsoDate, IsoDateTime, standardErrors, withCommonQuery } from '../common';
import { PAGE_INDEX_MAX } from '../limits';
import { FieldName, MAX_PAGE_SIZE, paged } from '../listQuery';
import { EQUIPMENT_MAX, PRODUCT_MARKET_INFO_MAX } from './model';
import { noBody, text } from './parts';

const M = EQUIPMENT_MAX;
const PM = PRODUCT_MARKET_INFO_MAX;

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

export const utilizationRoutes = c.router({
  utilizationEvents: {
    method: 'POST',
    path: '/api/Equipment/agEventFilterList',
    query: withCommonQuery({}),
    body: UtilizationEventQuery,
    responses: { 200: envelope(paged(UtilizationEvent)), ...standardErrors },
    summary: 'A filtered, sorted page of utilization events of a system in a period (details modal)',
    metadata: readsOnly(signedIn('customerEquipment')),
  },
  utilizationSummary: {
    method: 'POST',
    path: '/api/Equipment/agEventSummary',
    query: withCommonQuery({ equipmentId: IdParam, filter: UtilizationRange }),
    body: noBody,
    responses: { 200: envelope(EventSummary), ...standardErrors },
    summary: 'Utilization against service and downtime per period of a date range',
    metadata: readsOnly(signedIn('customerEquipment')),
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
    metadata: readsOnly(signedIn('customerEquipment')),
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
    metadata: readsOnly(signedIn('customerEquipment')),
  },
});
