import { initServer } from '@ts-rest/fastify';
import { sql } from 'kysely';
import { equipmentContract, UPCOMING_SERVICE_DAYS, type ServiceCallSummary } from '../../../contract/equipment';
import { serviceCallsContract } from '../../../contract/serviceCalls';
import type { FilterSetting } from '../../../contract/listQuery';
import type { AppDeps } from '../deps';
import { requireActor, type Actor } from '../auth/actor';
import { fail, ok } from '../lib/envelope';
import { ErrorCode } from '../../../contract/errors';
import { BadListQuery, filtersWhere, idPageWithTotal, orderBy } from '../lib/listQuerySql';
import { exportColumns, streamListExport } from '../workbook/listExport';
import { forbidden, HttpProblem, notFound as notFoundProblem } from '../lib/problem';
import { ReportBusy } from '../reports/reportRenderer';
import { serviceReportOf } from './serviceReport.queries';
import { equipmentInScope, type EquipmentScope } from '../queries/equipment';
import { WORK_ORDER_FIELDS, workOrderWalk } from './fields';
import { suggestionPage } from '../lib/filterSuggestions';
import {
  CALL_COLUMNS,
  mayOpenServiceReports,
  toWorkOrderRow,
  workOrderFullText,
  workOrderOrder,
  workOrdersInScope,
  type ServiceCallRow,
} from './workOrders.queries';

const s = initServer();

/*
 * Work orders (spec 3 sections 3 and 7): the customer's service calls on two tabs, filtered, sorted, searched and
 * exported through the same list-query whitelist as the inventory; and the service calls of one instrument (row
 * menu "Service order details", detail page, upcoming calls of the inventory rows). Every read is scoped to the
 * customer the caller works for.
 */

const fieldOf = (name: string) => {
  const field = Object.prototype.hasOwnProperty.call(WORK_ORDER_FIELDS, name) ? WORK_ORDER_FIELDS[name] : undefined;
  if (!field) throw new BadListQuery(`Unknown field ${JSON.stringify(name)} for this list`);
  return field;
};

/** Hidden equipment is the provider's: a customer user reads its calls no more than the equipment itself. */
const scopeOf = (actor: Actor): EquipmentScope => ({
  customerId: actor.customerId,
  userId: actor.userId,
  listType: actor.isPEUser ? 'productsManagement' : undefined,
});

const notFound = (id: number) => fail(ErrorCode.EquipmentNotFound, `No equipment ${id}`);

/** The message a user without PDF access (or an order without a report yet) gets (spec 2 section 8). */
export const PDF_NO_ACCESS_MESSAGE = 'inventory:open_pdf_no_access_tip';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toSummary = (
  row: Pick<
    ServiceCallRow,
    'service_order_no' | 'svmx_order_no' | 'job_type' | 'call_status' | 'start_date' | 'report_available'
  >,
): ServiceCallSummary => ({
  serviceOrderNo: row.service_order_no,
  svmxOrderNo: row.svmx_order_no,
  jobType: row.job_type,
  callStatus: row.call_status,
  startDate: iso(row.start_date),
  pdfAvailable: row.report_available,
});

export function workOrdersRouter({ db, reports }: AppDeps) {
  /** The equipment of the caller's customer that the caller may see (hidden equipment only for provider staff). */
  const visibleEquipment = (actor: Actor, id: number) =>
    equipmentInScope(db, scopeOf(actor))
      .select(['equipment.id', 'equipment.system_id'])
      .where('equipment.id', '=', id)
      .executeTakeFirst();

  return {
    list: s.route(serviceCallsContract.list, async ({ request, query, body }) => {
      const actor = await requireActor(db, request);
      const scope = { customerId: actor.customerId, isHistory: query.isHistory };
      const fullText = workOrderFullText(body.fullTextSearchSetting?.keyword);
      const filtered = workOrdersInScope(db, scope)
        .where(filtersWhere(WORK_ORDER_FIELDS, body.filterSettings))
        .$if(fullText !== null, (qb) => qb.where(fullText!));
      const { ids, totalCount } = await idPageWithTotal(db, filtered, {
        idColumn: 'service_calls.id',
        fields: WORK_ORDER_FIELDS,
        orders: workOrderOrder(body.orderSettings, query.isHistory),
        pageIndex: body.pageIndex,
        pageSize: body.pageSize,
      });
      const [rows, mayOpen] = await Promise.all([
        ids.length > 0 ? db.selectFrom('service_calls').select(CALL_COLUMNS).where('id', 'in', ids).execute() : [],
        mayOpenServiceReports(db, actor.userId),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toWorkOrderRow(row, mayOpen)] : [];
      });
      return ok({ items, totalCount });
    }),

    filterFields: s.route(serviceCallsContract.filterFields, async ({ request, query, body }) => {
      const actor = await requireActor(db, request);
      const scope = { customerId: actor.customerId, isHistory: query.isHistory };
      const fullText = workOrderFullText(body.fullTextSearchSetting?.keyword);
      const result: Record<string, (string | null)[]> = {};
      for (const name of new Set(body.selectFields)) {
        const field = fieldOf(name);
        // A column's own filter does not narrow its suggestions, so a picked value can be unpicked.
        const others: FilterSetting[] = body.filterSettings.filter((f) => f.field !== name);
        const base = workOrdersInScope(db, scope)
          .where(filtersWhere(WORK_ORDER_FIELDS, others))
          .$if(fullText !== null, (qb) => qb.where(fullText!));
        result[name] = await suggestionPage(db, base, {
          column: field.column,
          type: field.type,
          ...workOrderWalk(name),
          pageIndex: body.pageIndex,
          pageSize: body.pageSize,
        });
      }
      return ok(result);
    }),

    export: s.route(serviceCallsContract.export, async ({ request, reply, query, body }) => {
      const actor = await requireActor(db, request);
      const scope = { customerId: actor.customerId, isHistory: query.isHistory };
      const columns = exportColumns(WORK_ORDER_FIELDS, body.layoutContent);
      const fullText = workOrderFullText(body.fullTextSearchSetting?.keyword);
      const ids = await workOrdersInScope(db, scope)
        .select('service_calls.id')
        .where(filtersWhere(WORK_ORDER_FIELDS, body.filterSettings))
        .$if(fullText !== null, (qb) => qb.where(fullText!))
        .orderBy(
          orderBy(WORK_ORDER_FIELDS, workOrderOrder(body.orderSettings, query.isHistory), 'service_calls.id') as never,
        )
        .execute();
      const { stream, fileName } = streamListExport({
        fields: WORK_ORDER_FIELDS,
        columns,
        columnHeaders: body.layoutContent.columnHeaders,
        ids: ids.map((r) => r.id),
        readBatch: (batch) =>
          db
            .selectFrom('service_calls')
            .select('service_calls.id as id')
            .select(columns.map((name) => sql.ref(WORK_ORDER_FIELDS[name]!.column).as(name)))
            .where('service_calls.customer_id', '=', actor.customerId)
            .where('service_calls.id', 'in', batch)
            .execute(),
        sheetName: 'Work orders',
        filePrefix: query.isHistory ? 'WorkOrderHistory' : 'WorkOrderScheduled',
        dateFormat: 'yyyy-mm-dd hh:mm',
        onError: (err) => request.log.error({ err }, 'the export stopped part-way'),
      });
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return { status: 200, body: stream as unknown as Blob };
    }),

    pdf: s.route(serviceCallsContract.pdf, async ({ request, reply, params, query }) => {
      const actor = await requireActor(db, request);
      const report = await serviceReportOf(
        db,
        { customerId: actor.customerId, userId: actor.userId },
        params.serviceOrderNo,
      );
      if (!report.found) throw notFoundProblem(`No work order ${params.serviceOrderNo}`);
      if (!report.mayOpen) throw forbidden(PDF_NO_ACCESS_MESSAGE);
      let pdf: Buffer;
      try {
        pdf = await reports!.render(report.data, {
          language: report.language,
          utcOffsetMinutes: query.timeZoneDiff,
        });
      } catch (error) {
        if (error instanceof ReportBusy) {
          throw new HttpProblem(429, 'Too many reports are being made; try again shortly', { 'Retry-After': '5' });
        }
        throw error;
      }
      reply.header('Content-Disposition', `inline; filename="ServiceReport_${params.serviceOrderNo}.pdf"`);
      reply.header('Content-Type', 'application/pdf');
      return { status: 200, body: pdf as unknown as Blob };
    }),

    upcoming: s.route(serviceCallsContract.upcoming, async ({ request, body }) => {
      const actor = await requireActor(db, request);
      const visible = await equipmentInScope(db, scopeOf(actor))
        .select('equipment.id')
        .where('equipment.id', 'in', [...new Set(body.equipmentIds)])
        .execute();
      const ids = visible.map((r) => r.id);
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('service_calls')
              .select(CALL_COLUMNS)
              .where('customer_id', '=', actor.customerId)
              .where('equipment_id', 'in', ids)
              .where('start_date', '>=', new Date(body.startTime))
              .where('start_date', '<=', new Date(body.endTime))
              .orderBy('start_date')
              .orderBy('id')
              .execute();
      return ok({ items: rows.map((r) => ({ ...toSummary(r), equipmentId: r.equipment_id! })) });
    }),

    equipmentServiceCalls: s.route(serviceCallsContract.equipmentServiceCalls, async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const equipment = await visibleEquipment(actor, params.id);
      if (!equipment) return notFound(params.id);
      const calls = callsOfEquipment(actor.customerId, equipment, query.otherComponent ?? false);
      const { rows, totalCount } = await newestFirst(calls, query);
      return ok({ items: rows.map(toSummary), totalCount });
    }),

    equipmentWorkOrders: s.route(serviceCallsContract.equipmentWorkOrders, async ({ request, params, query }) => {
      const actor = await requireActor(db, request);
      const equipment = await visibleEquipment(actor, params.id);
      if (!equipment) return notFound(params.id);
      const sessionTimestamp = query.sessionTimestamp ?? Date.now();
      // Orders received after the first page was read wait for a new first page, so later pages do not shift.
      const calls = callsOfEquipment(actor.customerId, equipment, query.otherComponent).where(
        'service_calls.date_time_call_received',
        '<=',
        new Date(sessionTimestamp),
      );
      const [{ rows, totalCount }, mayOpen] = await Promise.all([
        newestFirst(calls, query),
        mayOpenServiceReports(db, actor.userId),
      ]);
      const items = rows.map((row) => {
        const r = toWorkOrderRow(row, mayOpen);
        return {
          serviceOrderId: r.serviceOrderId,
          serviceOrderNo: r.serviceOrderNo,
          svmxOrderNo: r.svmxOrderNo,
          startDate: r.startDate,
          jobType: r.jobType,
          serial: r.serial,
          mfg: r.mfg,
          model: r.model,
          callStatus: r.callStatus,
          userAccessPDF: r.userAccessPDF,
        };
      });
      return ok({ items, totalCount, sessionTimestamp });
    }),
  };

  /** A page of service calls, newest start first, and how many there are. */
  async function newestFirst(
    calls: ReturnType<typeof callsOfEquipment>,
    page: { pageIndex: number; pageSize: number },
  ) {
    const [rows, count] = await Promise.all([
      calls
        .select(CALL_COLUMNS)
        .orderBy(sql`service_calls.start_date desc nulls last`)
        .orderBy('service_calls.id', 'desc')
        .limit(page.pageSize)
        .offset(page.pageIndex * page.pageSize)
        .execute(),
      calls.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.count) };
  }

  /**
   * The service calls of an instrument's tag (its own), or of the other components of its system: the calls of the
   * customer's other equipment with the same system id. No system id: no other component.
   */
  function callsOfEquipment(customerId: number, equipment: { id: number; system_id: string | null }, other: boolean) {
    const base = db.selectFrom('service_calls').where('service_calls.customer_id', '=', customerId);
    if (!other) return base.where('service_calls.equipment_id', '=', equipment.id);
    if (!equipment.system_id) return base.where(sql<boolean>`false`);
    return base.where('service_calls.equipment_id', 'in', (eb) =>
      eb
        .selectFrom('equipment')
        .select('equipment.id')
        .where('equipment.customer_id', '=', customerId)
        .where('equipment.system_id', '=', equipment.system_id)
        .where('equipment.id', '<>', equipment.id)
        .where('equipment.is_hidden', '=', false),
    );
  }
}

/** POST Equipment/{id}/refreshUpcomingServiceCalls: the equipment's service calls of the next 30 days. */
export function refreshUpcomingRoute({ db }: AppDeps) {
  return s.route(equipmentContract.refreshUpcomingServiceCalls, async ({ request, params }) => {
    const actor = await requireActor(db, request);
    const found = await equipmentInScope(db, scopeOf(actor))
      .select('equipment.id')
      .where('equipment.id', '=', params.id)
      .executeTakeFirst();
    if (!found) return notFound(params.id);
    const rows = await db
      .selectFrom('service_calls')
      .select(CALL_COLUMNS)
      .where('customer_id', '=', actor.customerId)
      .where('equipment_id', '=', params.id)
      .where(sql<boolean>`start_date >= now()`)
      .where(sql<boolean>`start_date < now() + make_interval(days => ${UPCOMING_SERVICE_DAYS})`)
      .orderBy('start_date')
      .execute();
    return ok(rows.map(toSummary));
  });
}
