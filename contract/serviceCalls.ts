import { z } from 'zod';
import { readsOnly, signedIn } from './access';
import {
  c,
  envelope,
  standardErrors,
  withCommonQuery,
  EntityId,
  IdParam,
  IsoDateTime,
  pagingQuery,
  queryBoolean,
} from './common';
import {
  FilterFieldsQuery,
  FilterFieldsResult,
  LayoutContent,
  ListCount,
  ListQuery,
  MAX_PAGE_SIZE,
  SelectedIds,
  cappedPaged,
  paged,
  XlsxDownload,
} from './listQuery';
import { emailListSchema, emailSchema, optionalText, phoneSchema, requiredText, splitEmailList } from './validation';
import { EQUIPMENT_MAX, SERVICE_CALL_PAGE_SIZE, ServiceCallSummary, UPCOMING_SERVICE_DAYS } from './equipment';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  FileIdentifier,
  FileName,
  hasAllowedExtension,
  SERVICE_REQUEST_ATTACHMENT_MAX_BYTES,
  SERVICE_REQUEST_ATTACHMENT_MAX_FILES,
} from './images';

/**
 * Service requests (spec 2 sections 3, 5 and 7) and work orders, i.e. service calls (spec 3 sections 3 and 7;
 * spec 2 section 7 "Detail page").
 */

/** Priority values (spec 2 section 9); the default is medium. */
export const ServicePriority = { Urgent: 1, High: 2, Medium: 3, Low: 4, VeryLow: 5 } as const;
export type ServicePriority = (typeof ServicePriority)[keyof typeof ServicePriority];
export const DEFAULT_SERVICE_PRIORITY = ServicePriority.Medium;

/** Lengths of the service request; only officePhone (20) is in the spec, the others are chosen. */
export const SERVICE_REQUEST_MAX = {
  issueType: 50,
  /** After HTML escaping by the client. */
  issueText: 4000,
  requestEmail: 2000,
  contactName: 61,
  email: 241,
  officePhone: 20,
} as const;

/** Page size of the work-order screen (spec 3 section 9). */
export const WORK_ORDER_PAGE_SIZE = 20;
/** Default order of the work-order tabs (spec 3 section 7); the directions are chosen: not in spec. */
export const WORK_ORDER_DEFAULT_ORDER = {
  scheduled: { field: 'startDate', orderType: 0 },
  history: { field: 'dateTimeCallComplete', orderType: 1 },
} as const;
/** Columns hidden by default and columns always shown (spec 3 section 3 "Work-order row"). */
export const WORK_ORDER_HIDDEN_COLUMNS = [
  'email',
  'telephone',
  'dType',
  'building',
  'floor',
  'serviceEngnName',
  'custRefNo',
  'equipmentId',
  'description',
  'purchaseOrderNumber',
] as const;
export const WORK_ORDER_FIXED_COLUMNS = ['serviceOrderNo', 'documents'] as const;

/**
 * The grid's fields a work-order list filters, sorts and exports by, with their kinds, in the spec's column order
 * (the documents column shows documentCount).
 */
export const WORK_ORDER_LIST_FIELDS = {
  svmxOrderNo: 'text',
  serviceOrderNo: 'text',
  city: 'text',
  department: 'text',
  costCenter: 'text',
  mfg: 'text',
  model: 'text',
  pkiTag: 'text',
  systemId: 'text',
  systemNickName: 'text',
  serial: 'text',
  jobType: 'text',
  callStatus: 'text',
  svmxCseSheduleDate: 'date',
  dateTimeCallReceived: 'date',
  startDate: 'date',
  workStartDate: 'date',
  dateTimeCallComplete: 'date',
  repairProblem: 'text',
  repairSolution: 'text',
  assetId: 'text',
  reportedBy: 'text',
  email: 'text',
  telephone: 'text',
  dType: 'text',
  building: 'text',
  floor: 'text',
  serviceEngnName: 'text',
  custRefNo: 'text',
  equipmentId: 'number',
  description: 'text',
  purchaseOrderNumber: 'text',
  documentCount: 'number',
} as const satisfies Record<string, 'text' | 'number' | 'date' | 'boolean'>;
export type WorkOrderListField = keyof typeof WORK_ORDER_LIST_FIELDS;

export const DUPLICATE_EMAIL_MESSAGE = 'lblEmailsWarning';

/**
 * Message keys of the refusals of POST ServiceCall that the schema cannot make (it does not know the customer's
 * users, files and configuration), sent as the errorMessage of a 400 answer. keys chosen: not in spec
 */
export const SERVICE_REQUEST_REFUSAL = {
  issueType: 'serviceRequest:issue_type_unknown',
  requestedFor: 'serviceRequest:requested_for_not_found',
  attachmentMissing: 'serviceRequest:attachment_not_uploaded',
} as const;

/** A file attached to a service request, already uploaded to storage. */
export const ServiceRequestAttachment = FileIdentifier.extend({
  fileName: FileName,
  size: z.number().int().min(0),
}).superRefine((file, ctx) => {
  if (!hasAllowedExtension('ServiceRequestAttachment', file.fileName)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['fileName'], message: FILE_TYPE_MESSAGE });
  }
  if (file.size > SERVICE_REQUEST_ATTACHMENT_MAX_BYTES) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['size'], message: FILE_SIZE_MESSAGE });
  }
});
export type ServiceRequestAttachment = z.infer<typeof ServiceRequestAttachment>;

/**
 * Body of POST ServiceCall (spec 2 "Service request payload" and section 5 "Service request"). issueType, priority
 * and issueText are mandatory; requesting for someone else needs the requested-for user; the notification list holds
 * valid, distinct addresses. Contact name and e-mail are the signed-in user's (read-only in the form).
 */
export const ServiceRequest = z
  .object({
    /** None when the request is raised without a chosen equipment. */
    equipmentId: EntityId.nullable().optional(),
    /** The "request for someone else" switch; chosen: not in spec, so the server can apply the rule. */
    requestForOther: z.boolean().default(false),
    requestForUserId: EntityId.nullable().optional(),
    /** A code of the service types of the application configuration. */
    issueType: requiredText(SERVICE_REQUEST_MAX.issueType),
    priority: z
      .number({ required_error: 'required_field' })
      .int()
      .min(ServicePriority.Urgent)
      .max(ServicePriority.VeryLow),
    /** HTML-escaped by the client before sending. */
    issueText: requiredText(SERVICE_REQUEST_MAX.issueText),
    attachFiles: z.array(ServiceRequestAttachment).max(SERVICE_REQUEST_ATTACHMENT_MAX_FILES).default([]),
    /** Semicolon-separated notification e-mails (with the primary user's or lab manager's when ticked). */
    requestEmail: emailListSchema(SERVICE_REQUEST_MAX.requestEmail).default(''),
    contactName: optionalText(SERVICE_REQUEST_MAX.contactName),
    email: emailSchema(SERVICE_REQUEST_MAX.email).nullable().optional(),
    officePhone: phoneSchema(SERVICE_REQUEST_MAX.officePhone).nullable().optional(),
  })
  .superRefine((request, ctx) => {
    if (request.requestForOther && !request.requestForUserId) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['requestForUserId'], message: 'required_field' });
    }
    const emails = splitEmailList(request.requestEmail).map((e) => e.toLowerCase());
    if (new Set(emails).size !== emails.length) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['requestEmail'], message: DUPLICATE_EMAIL_MESSAGE });
    }
  });
export type ServiceRequest = z.infer<typeof ServiceRequest>;
export type ServiceRequestInput = z.input<typeof ServiceRequest>;

const text = (max: number) => z.string().max(max).nullable();
const M = EQUIPMENT_MAX;

/** A row of the work-order grid (spec 3 section 3 "Work-order row"). */
export const WorkOrderRow = z.object({
  /** Id of the order for its documents (Document/ServiceCall/{serviceOrderId}); from spec 2's work-order row. */
  serviceOrderId: EntityId,
  serviceOrderNo: z.string().max(40),
  svmxOrderNo: text(40),
  city: text(100),
  department: text(M.department),
  costCenter: text(M.costCenter),
  mfg: text(M.mfg),
  model: text(M.model),
  pkiTag: text(M.pkiTag),
  systemId: text(M.systemId),
  systemNickName: text(M.systemNickName),
  serial: text(M.serial),
  jobType: text(40),
  callStatus: text(40),
  /** Spelled as in the spec. */
  svmxCseSheduleDate: IsoDateTime.nullable(),
  dateTimeCallReceived: IsoDateTime.nullable(),
  startDate: IsoDateTime.nullable(),
  workStartDate: IsoDateTime.nullable(),
  dateTimeCallComplete: IsoDateTime.nullable(),
  repairProblem: text(4000),
  repairSolution: text(4000),
  assetId: text(M.assetId),
  reportedBy: text(100),
  email: text(241),
  telephone: text(M.contactPhone),
  dType: text(M.dtype),
  building: text(M.building),
  floor: text(M.floor),
  serviceEngnName: text(100),
  custRefNo: text(40),
  equipmentId: EntityId.nullable(),
  description: text(4000),
  purchaseOrderNumber: text(40),
  /** Non-deleted documents of the order (the documents column). */
  documentCount: z.number().int().min(0),
  /** Whether the signed-in user may open the PDF. */
  userAccessPDF: z.boolean(),
});
export type WorkOrderRow = z.infer<typeof WorkOrderRow>;

/** A work order on the equipment detail page (spec 2 section 3 "Work order row"). */
export const EquipmentWorkOrderRow = WorkOrderRow.pick({
  serviceOrderId: true,
  serviceOrderNo: true,
  svmxOrderNo: true,
  startDate: true,
  jobType: true,
  serial: true,
  mfg: true,
  model: true,
  callStatus: true,
  userAccessPDF: true,
});
export type EquipmentWorkOrderRow = z.infer<typeof EquipmentWorkOrderRow>;

/** A service call in the next days of an inventory row. */
export const UpcomingServiceCall = ServiceCallSummary.extend({ equipmentId: EntityId });
export type UpcomingServiceCall = z.infer<typeof UpcomingServiceCall>;

/** The longest period of POST ServiceCall/upcomingServiceCalls: the upcoming window and a day. Chosen: not in spec. */
export const UPCOMING_PERIOD_MAX_DAYS = UPCOMING_SERVICE_DAYS + 1;

export const UpcomingServiceCallsQuery = z
  .object({
    equipmentIds: z.array(EntityId).min(1).max(MAX_PAGE_SIZE),
    startTime: IsoDateTime,
    /** The client asks for the next UPCOMING_SERVICE_DAYS (equipment/model.ts) days. */
    endTime: IsoDateTime,
  })
  .refine((q) => Date.parse(q.endTime) >= Date.parse(q.startTime), {
    message: 'calendar_end_grater',
    path: ['endTime'],
  })
  .refine((q) => Date.parse(q.endTime) - Date.parse(q.startTime) <= UPCOMING_PERIOD_MAX_DAYS * 86_400_000, {
    message: 'period',
    path: ['endTime'],
  });
export type UpcomingServiceCallsQuery = z.infer<typeof UpcomingServiceCallsQuery>;

export const WorkOrderListQuery = ListQuery.extend({
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(WORK_ORDER_PAGE_SIZE),
});
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;

/** The body of ServiceCall/list/count: the tab's filters and keyword; no page, no order. */
export const WorkOrderCountQuery = ListQuery.pick({ filterSettings: true, fullTextSearchSetting: true });
export type WorkOrderCountQuery = z.infer<typeof WorkOrderCountQuery>;

export const WorkOrderExportQuery = ListQuery.extend({
  pageIndex: z.literal(0).default(0),
  pageSize: z.literal(0).default(0),
  layoutContent: LayoutContent,
  /** Only these work orders of the tab (the grid's selection); the whole tab without it. Not in spec. */
  serviceOrderIds: SelectedIds.optional(),
});
export type WorkOrderExportQuery = z.infer<typeof WorkOrderExportQuery>;

/** Scheduled (false) or History (true) tab: History holds the completed calls (dateTimeCallComplete set), Scheduled
 * the others. Chosen: not in spec. */
const historyQuery = withCommonQuery({ isHistory: queryBoolean });

export const ServiceOrderNo = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'serviceOrderNo');

/** A work order found by its id, for the service report link /{customerFolder}/ServiceReport.aspx?{serviceOrderId}. */
export const ServiceReportTarget = z.object({
  serviceOrderId: EntityId,
  serviceOrderNo: ServiceOrderNo,
  /** The order has a service report. */
  pdfAvailable: z.boolean(),
  /** The signed-in user may open it: the order has one and the user has PDF access. */
  userAccessPDF: z.boolean(),
});
export type ServiceReportTarget = z.infer<typeof ServiceReportTarget>;

export const serviceCallsContract = c.router(
  {
    createRequest: {
      method: 'POST',
      path: '/api/ServiceCall',
      query: withCommonQuery({}),
      body: ServiceRequest,
      responses: {
        200: envelope(z.object({ requestId: EntityId, serviceOrderNo: ServiceOrderNo })),
        ...standardErrors,
      },
      summary: 'Raise a service request, with or without a chosen equipment; mails the notification list',
      metadata: signedIn('customer'),
    },
    list: {
      method: 'POST',
      path: '/api/ServiceCall/list',
      query: historyQuery,
      body: WorkOrderListQuery,
      responses: { 200: envelope(cappedPaged(WorkOrderRow)), ...standardErrors },
      summary: 'A page of scheduled or historical work orders of the customer with filters and sort',
      metadata: readsOnly(signedIn('customer')),
    },
    listCount: {
      method: 'POST',
      path: '/api/ServiceCall/list/count',
      query: historyQuery,
      body: WorkOrderCountQuery,
      responses: { 200: envelope(ListCount), ...standardErrors },
      summary:
        "How many work orders of a tab match the list's filters and keyword: exact, or a lower bound when counting " +
        'took more than its time bound (2 s); kept 60 s per customer, list version and query',
      metadata: readsOnly(signedIn('customer')),
    },
    filterFields: {
      method: 'POST',
      path: '/api/ServiceCall/FilterFields',
      query: historyQuery,
      body: FilterFieldsQuery,
      responses: { 200: envelope(FilterFieldsResult), ...standardErrors },
      summary: 'Filter suggestions for columns of the work-order grid',
      metadata: readsOnly(signedIn('customer')),
    },
    export: {
      method: 'POST',
      path: '/api/ServiceCall/export',
      query: historyQuery,
      body: WorkOrderExportQuery,
      responses: { 200: XlsxDownload, ...standardErrors },
      summary:
        'Every filtered work order of a tab (or only the selected ones, serviceOrderIds) as an .xlsx download with ' +
        'the visible columns, streamed',
      metadata: readsOnly(signedIn('customer')),
    },
    pdf: {
      method: 'GET',
      path: '/api/ServiceCall/:serviceOrderNo/PDF',
      pathParams: z.object({ serviceOrderNo: ServiceOrderNo }),
      query: withCommonQuery({}),
      responses: {
        200: c.otherResponse({ contentType: 'application/pdf', body: c.type<Blob>() }),
        ...standardErrors,
      },
      summary: 'The service report PDF of a work order (403 without PDF access); opened in a new window',
      metadata: signedIn('customer'),
    },
    serviceReportTarget: {
      method: 'GET',
      path: '/api/ServiceCall/byId/:serviceOrderId', // path chosen: not in spec
      pathParams: z.object({ serviceOrderId: IdParam }),
      query: withCommonQuery({}),
      responses: { 200: envelope(ServiceReportTarget), ...standardErrors },
      summary:
        "The order number of a work order of the customer by its id, and whether the user may open its report (the spec's ServiceReport.aspx link); another customer's id is not found",
      metadata: signedIn('customer'),
    },
    upcoming: {
      method: 'POST',
      path: '/api/ServiceCall/upcomingServiceCalls',
      query: withCommonQuery({}),
      body: UpcomingServiceCallsQuery,
      responses: { 200: envelope(z.object({ items: z.array(UpcomingServiceCall) })), ...standardErrors },
      summary: 'Service calls of the given equipment between two instants (the next 30 days)',
      metadata: readsOnly(signedIn('customer')),
    },
    equipmentServiceCalls: {
      method: 'GET',
      path: '/api/Equipment/:id/servicecall',
      pathParams: z.object({ id: IdParam }),
      query: withCommonQuery({
        otherComponent: queryBoolean.optional(),
        ...pagingQuery(SERVICE_CALL_PAGE_SIZE, MAX_PAGE_SIZE),
      }),
      responses: { 200: envelope(paged(ServiceCallSummary)), ...standardErrors },
      summary: 'A page of service calls of an equipment (or of the other components of its system)',
      metadata: signedIn('customerEquipment'),
    },
    equipmentWorkOrders: {
      method: 'GET',
      path: '/api/Equipment/:id/workOrders', // path chosen: not in spec
      pathParams: z.object({ id: IdParam }),
      query: withCommonQuery({
        /** false: the work orders of the instrument's tag; true: those of the other components of its system. */
        otherComponent: queryBoolean.default(false),
        ...pagingQuery(SERVICE_CALL_PAGE_SIZE, MAX_PAGE_SIZE),
        /** Snapshot of the first page, so later pages do not shift; answered back. */
        sessionTimestamp: z.coerce.number().int().min(0).optional(),
      }),
      responses: {
        200: envelope(paged(EquipmentWorkOrderRow).extend({ sessionTimestamp: z.number().int().min(0) })),
        ...standardErrors,
      },
      summary: 'A page of work orders of the detail page: the instrument itself or its other system components',
      metadata: signedIn('customerEquipment'),
    },
  },
  { strictStatusCodes: true },
);
