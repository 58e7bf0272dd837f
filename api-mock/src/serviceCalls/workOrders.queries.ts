import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { UPCOMING_SERVICE_DAYS } from '../../../contract/equipment';
import {
  type ServiceReportTarget,
  type WorkOrderCountQuery,
  type WorkOrderListQuery,
  type WorkOrderRow,
} from '../../../contract/serviceCalls';
import type { ListCount } from '../../../contract/listQuery';
import type { Database, ServiceCallsTable } from '../db/schema';
import { equipmentInScope, fullTextCondition } from '../equipment/queries';
import { WORK_ORDER_FIELDS, workOrderOrder, workOrderWalk, type WorkOrderScope } from './fields';
import { suggestionPage, valueSearchCondition } from '../lib/filterSuggestions';
import { fieldOf, filtersWhere, orderBy } from '../lib/listQuerySql';
import { pageOf, pageOfIds, type ListTotal } from '../lib/paging';
import type { SearchIndex } from '../search/searchIndex';
import { cachedBoundedCount, countQueryKey, type CountOptions } from '../lib/listCount';
import { publishedEventVersion } from '../db/listVersion';

/** The service calls of a customer on one tab (Scheduled: not complete, History: complete). */
export function workOrdersInScope(db: Kysely<Database>, scope: WorkOrderScope) {
  return db
    .selectFrom('service_calls')
    .where('service_calls.customer_id', '=', scope.customerId)
    .where('service_calls.is_history', '=', scope.isHistory);
}

/** The full-text condition of a work-order search (every word starts a word of the order, instrument or people). */
export const workOrderFullText = (keyword: string | null | undefined): Expression<SqlBool> | null =>
  fullTextCondition(keyword, 'service_calls.search');

/** The list query of a work-order grid: filters, sort, search and page (spec 3 section 7). */
type WorkOrderListBody = Pick<WorkOrderListQuery, 'filterSettings' | 'orderSettings' | 'fullTextSearchSetting'>;

/** The work orders of the tab its filters and search leave. */
function matchingWorkOrders(
  db: Kysely<Database>,
  scope: WorkOrderScope,
  body: Omit<WorkOrderListBody, 'orderSettings'>,
) {
  const fullText = workOrderFullText(body.fullTextSearchSetting?.keyword);
  return workOrdersInScope(db, scope)
    .where(filtersWhere(WORK_ORDER_FIELDS, body.filterSettings))
    .$if(fullText !== null, (qb) => qb.where(fullText!));
}

/**
 * A page of a work-order grid's ids in its order, and how many match: from the search index when it answers (the
 * total exact at any size), else from the database (exactly up to `countCap`).
 */
export async function workOrderIdPage(
  db: Kysely<Database>,
  scope: WorkOrderScope,
  body: WorkOrderListBody & { pageIndex: number; pageSize: number },
  countCap: number,
  search?: SearchIndex,
): Promise<{ ids: number[] } & ListTotal> {
  const fromIndex = await search?.workOrderPage(scope, body);
  if (fromIndex) return { ids: fromIndex.ids, totalCount: fromIndex.totalCount, totalCountExact: true };
  return pageOfIds(db, matchingWorkOrders(db, scope, body), {
    idColumn: 'service_calls.id',
    fields: WORK_ORDER_FIELDS,
    orders: workOrderOrder(body.orderSettings, scope.isHistory),
    pageIndex: body.pageIndex,
    pageSize: body.pageSize,
    countCap,
  });
}

/**
 * How many work orders of the tab match its filters and keyword: from the search index when it answers, else counted
 * for at most the bound (then a lower bound) and kept per customer, tab, list version and query.
 */
export async function workOrderCount(
  db: Kysely<Database>,
  scope: WorkOrderScope,
  body: WorkOrderCountQuery,
  options: CountOptions,
  search?: SearchIndex,
): Promise<ListCount> {
  const fromIndex = await search?.workOrderTotal(scope, body);
  if (fromIndex !== null && fromIndex !== undefined) return { count: fromIndex, exact: true };
  const key = [
    'workOrders',
    scope.customerId,
    scope.isHistory,
    await publishedEventVersion(db, scope.customerId),
    countQueryKey(body),
  ];
  return cachedBoundedCount(db, key, matchingWorkOrders(db, scope, body), options);
}

/** Every id of a work-order grid in its order, or of its selected rows among them (the export). */
export async function workOrderExportIds(
  db: Kysely<Database>,
  scope: WorkOrderScope,
  body: WorkOrderListBody & { serviceOrderIds?: readonly number[] },
) {
  const only = body.serviceOrderIds;
  const rows = await matchingWorkOrders(db, scope, body)
    .$if(only !== undefined, (qb) => qb.where('service_calls.id', 'in', only!))
    .select('service_calls.id')
    .orderBy(
      orderBy(WORK_ORDER_FIELDS, workOrderOrder(body.orderSettings, scope.isHistory), 'service_calls.id') as never,
    )
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A page of each asked column's values among the grid's rows (a column's own filter does not narrow its own), the
 * plan chosen from a count capped at `countCap`.
 */
export async function workOrderSuggestions(
  db: Kysely<Database>,
  scope: WorkOrderScope,
  body: Omit<WorkOrderListBody, 'orderSettings'> & {
    selectFields: readonly string[];
    valueSearch?: string;
    pageIndex: number;
    pageSize: number;
  },
  countCap: number,
) {
  const result: Record<string, (string | null)[]> = {};
  for (const name of new Set(body.selectFields)) {
    const field = fieldOf(WORK_ORDER_FIELDS, name);
    const others = body.filterSettings.filter((f) => f.field !== name);
    const words = valueSearchCondition(field.column, body.valueSearch);
    const matching = matchingWorkOrders(db, scope, { ...body, filterSettings: others });
    result[name] = await suggestionPage(db, words ? matching.where(words) : matching, {
      column: field.column,
      type: field.type,
      ...workOrderWalk(name),
      pageIndex: body.pageIndex,
      pageSize: body.pageSize,
      countCap,
      wholeScope:
        workOrderFullText(body.fullTextSearchSetting?.keyword) === null && words === null && others.length === 0,
    });
  }
  return result;
}

/** Whether the user may open service report PDFs at all. */
export async function mayOpenServiceReports(db: Kysely<Database>, userId: number): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('may_open_service_reports')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.may_open_service_reports ?? false;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (value: unknown) => iso(value as Date | null);

/** A service call as a row of the work-order grid. */
export function toWorkOrderRow(row: ServiceCallRow, mayOpenReports: boolean): WorkOrderRow {
  return {
    serviceOrderId: row.id,
    serviceOrderNo: row.service_order_no,
    svmxOrderNo: row.svmx_order_no,
    city: row.city,
    department: row.department,
    costCenter: row.cost_center,
    mfg: row.mfg,
    model: row.model,
    pkiTag: row.pki_tag,
    systemId: row.system_id,
    systemNickName: row.system_nick_name,
    serial: row.serial,
    jobType: row.job_type,
    callStatus: row.call_status,
    svmxCseSheduleDate: date(row.svmx_cse_schedule_date),
    dateTimeCallReceived: date(row.date_time_call_received),
    startDate: date(row.start_date),
    workStartDate: date(row.work_start_date),
    dateTimeCallComplete: date(row.date_time_call_complete),
    repairProblem: row.repair_problem,
    repairSolution: row.repair_solution,
    assetId: row.asset_id,
    reportedBy: row.contact_name,
    email: row.email,
    telephone: row.office_phone,
    dType: row.dtype,
    building: row.building,
    floor: row.floor,
    serviceEngnName: row.service_engn_name,
    custRefNo: row.cust_ref_no,
    equipmentId: row.equipment_id,
    description: row.issue_text,
    purchaseOrderNumber: row.purchase_order_number,
    documentCount: row.document_count,
    userAccessPDF: mayOpenReports && row.report_available,
  };
}

/** The order number of a work order of the customer by its id, and whether the user may open its report. */
export async function serviceReportTargetOf(
  db: Kysely<Database>,
  scope: { customerId: number; userId: number },
  serviceOrderId: number,
): Promise<ServiceReportTarget | undefined> {
  const [call, mayOpen] = await Promise.all([
    db
      .selectFrom('service_calls')
      .select(['id', 'service_order_no', 'report_available'])
      .where('id', '=', serviceOrderId)
      .where('customer_id', '=', scope.customerId)
      .executeTakeFirst(),
    mayOpenServiceReports(db, scope.userId),
  ]);
  return (
    call && {
      serviceOrderId: call.id,
      serviceOrderNo: call.service_order_no,
      pdfAvailable: call.report_available,
      userAccessPDF: mayOpen && call.report_available,
    }
  );
}

/** Every column of a service call but the generated search vector. */
export const CALL_COLUMNS = [
  'service_calls.id',
  'service_calls.customer_id',
  'service_calls.equipment_id',
  'service_calls.service_order_no',
  'service_calls.svmx_order_no',
  'service_calls.job_type',
  'service_calls.call_status',
  'service_calls.issue_type',
  'service_calls.priority',
  'service_calls.issue_text',
  'service_calls.request_email',
  'service_calls.contact_name',
  'service_calls.email',
  'service_calls.office_phone',
  'service_calls.requested_by',
  'service_calls.request_for_user_id',
  'service_calls.start_date',
  'service_calls.date_time_call_received',
  'service_calls.date_time_call_complete',
  'service_calls.service_call_type',
  'service_calls.end_date',
  'service_calls.city',
  'service_calls.department',
  'service_calls.cost_center',
  'service_calls.mfg',
  'service_calls.model',
  'service_calls.pki_tag',
  'service_calls.system_id',
  'service_calls.system_nick_name',
  'service_calls.serial',
  'service_calls.dtype',
  'service_calls.building',
  'service_calls.floor',
  'service_calls.asset_id',
  'service_calls.svmx_cse_schedule_date',
  'service_calls.work_start_date',
  'service_calls.repair_problem',
  'service_calls.repair_solution',
  'service_calls.service_engn_name',
  'service_calls.cust_ref_no',
  'service_calls.purchase_order_number',
  'service_calls.report_available',
  'service_calls.signed_by',
  'service_calls.signed_at',
  'service_calls.document_count',
  'service_calls.is_history',
] as const;

export type ServiceCallRow = Omit<Selectable<ServiceCallsTable>, 'search'>;

/** The service calls with these ids, in no order. */
export const serviceCallsByIds = (db: Kysely<Database>, ids: readonly number[]) =>
  ids.length > 0 ? db.selectFrom('service_calls').select(CALL_COLUMNS).where('id', 'in', ids).execute() : [];

/** One batch of an export: the named work-order fields of these service calls of the customer. */
export const workOrderExportBatch = (
  db: Kysely<Database>,
  customerId: number,
  columns: readonly string[],
  ids: readonly number[],
) =>
  db
    .selectFrom('service_calls')
    .select('service_calls.id as id')
    .select(columns.map((name) => sql.ref(WORK_ORDER_FIELDS[name]!.column).as(name)))
    .where('service_calls.customer_id', '=', customerId)
    .where('service_calls.id', 'in', ids)
    .execute();

/**
 * Of these instruments, those of the customer a caller sees in a list: visible ones, and for provider staff the
 * hidden ones too.
 */
export async function visibleEquipmentIds(
  db: Kysely<Database>,
  caller: { customerId: number; userId: number; isPEUser: boolean },
  ids: readonly number[],
): Promise<number[]> {
  const rows = await equipmentInScope(db, {
    customerId: caller.customerId,
    userId: caller.userId,
    listType: caller.isPEUser ? 'productsManagement' : undefined,
  })
    .select('equipment.id')
    .where('equipment.id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => r.id);
}

/** The service calls of the customer's instruments that start in a period, earliest first. */
export const serviceCallsBetween = (
  db: Kysely<Database>,
  customerId: number,
  equipmentIds: readonly number[],
  period: { start: Date; end: Date },
) =>
  equipmentIds.length === 0
    ? []
    : db
        .selectFrom('service_calls')
        .select(CALL_COLUMNS)
        .where('customer_id', '=', customerId)
        .where('equipment_id', 'in', equipmentIds)
        .where('start_date', '>=', period.start)
        .where('start_date', '<=', period.end)
        .orderBy('start_date')
        .orderBy('id')
        .execute();

/** The service calls of an instrument of the customer in the next UPCOMING_SERVICE_DAYS days. */
export const upcomingServiceCalls = (db: Kysely<Database>, customerId: number, equipmentId: number) =>
  db
    .selectFrom('service_calls')
    .select(CALL_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('equipment_id', '=', equipmentId)
    .where(sql<boolean>`start_date >= now()`)
    .where(sql<boolean>`start_date < now() + make_interval(days => ${UPCOMING_SERVICE_DAYS})`)
    .orderBy('start_date')
    .execute();

/**
 * The service calls of an instrument's tag (its own), or of the other components of its system: the calls of the
 * customer's other equipment with the same system id. No system id: no other component.
 */
export async function callsOfEquipment(db: Kysely<Database>, customerId: number, equipmentId: number, other: boolean) {
  const base = db.selectFrom('service_calls').where('service_calls.customer_id', '=', customerId);
  if (!other) return base.where('service_calls.equipment_id', '=', equipmentId);
  const { system_id: systemId } = await db
    .selectFrom('equipment')
    .select('system_id')
    .where('id', '=', equipmentId)
    .executeTakeFirstOrThrow();
  if (!systemId) return base.where(sql<boolean>`false`);
  return base.where('service_calls.equipment_id', 'in', (eb) =>
    eb
      .selectFrom('equipment')
      .select('equipment.id')
      .where('equipment.customer_id', '=', customerId)
      .where('equipment.system_id', '=', systemId)
      .where('equipment.id', '<>', equipmentId)
      .where('equipment.is_hidden', '=', false),
  );
}

/** A page of service calls, newest start first, and how many there are. */
export async function newestFirst(
  calls: Awaited<ReturnType<typeof callsOfEquipment>>,
  page: { pageIndex: number; pageSize: number },
) {
  return pageOf(
    calls
      .select(CALL_COLUMNS)
      .orderBy(sql`service_calls.start_date desc nulls last`)
      .orderBy('service_calls.id', 'desc'),
    calls,
    page,
  );
}
