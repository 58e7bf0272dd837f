import { initServer } from '@ts-rest/fastify';
import { equipmentContract, type ServiceCallSummary } from '../../../contract/equipment';
import { serviceCallsContract } from '../../../contract/serviceCalls';
import type { AppDeps } from '../deps';
import { actorOf } from '../access/actor';
import { ok } from '../lib/envelope';
import { countCapOf } from '../lib/paging';
import { CountCache, countOptionsOf } from '../lib/listCount';
import { exportColumns, streamListExport } from '../workbook/listExport';
import { HttpProblem } from '../lib/problem';
import { ReportBusy } from '../reports/reportRenderer';
import { requireEquipment } from '../equipment/records';
import { WORK_ORDER_FIELDS } from './fields';
import { requireServiceReport } from './records';
import {
  callsOfEquipment,
  mayOpenServiceReports,
  newestFirst,
  serviceCallsBetween,
  serviceCallsByIds,
  serviceReportTargetOf,
  toWorkOrderRow,
  upcomingServiceCalls,
  visibleEquipmentIds,
  workOrderExportBatch,
  workOrderExportIds,
  workOrderIdPage,
  workOrderCount,
  workOrderSuggestions,
  type ServiceCallRow,
} from './workOrders.queries';

const s = initServer();

/*
 * Work orders (spec 3 sections 3 and 7): the customer's service calls on two tabs, filtered, sorted, searched and
 * exported through the same list-query whitelist as the inventory; and the service calls of one instrument (row
 * menu "Service order details", detail page, upcoming calls of the inventory rows). Every read is scoped to the
 * customer the caller works for.
 */

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

export function workOrdersRouter({ db, config, reports, search }: AppDeps) {
  const counts = new CountCache();
  return {
    list: s.route(serviceCallsContract.list, async ({ request, query, body }) => {
      const actor = actorOf(request);
      const scope = { customerId: actor.customerId, isHistory: query.isHistory };
      const { ids, ...total } = await workOrderIdPage(db, scope, body, countCapOf(config), search);
      const [rows, mayOpen] = await Promise.all([serviceCallsByIds(db, ids), mayOpenServiceReports(db, actor.userId)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toWorkOrderRow(row, mayOpen)] : [];
      });
      return ok({ items, ...total });
    }),

    listCount: s.route(serviceCallsContract.listCount, async ({ request, query, body }) => {
      const scope = { customerId: actorOf(request).customerId, isHistory: query.isHistory };
      return ok(await workOrderCount(db, scope, body, countOptionsOf(config, counts), search));
    }),

    filterFields: s.route(serviceCallsContract.filterFields, async ({ request, query, body }) => {
      const actor = actorOf(request);
      const scope = { customerId: actor.customerId, isHistory: query.isHistory };
      return ok(await workOrderSuggestions(db, scope, body, countCapOf(config)));
    }),

    export: s.route(serviceCallsContract.export, async ({ request, reply, query, body }) => {
      const actor = actorOf(request);
      const scope = { customerId: actor.customerId, isHistory: query.isHistory };
      const columns = exportColumns(WORK_ORDER_FIELDS, body.layoutContent);
      const ids = await workOrderExportIds(db, scope, body);
      const { stream, fileName } = streamListExport({
        fields: WORK_ORDER_FIELDS,
        columns,
        columnHeaders: body.layoutContent.columnHeaders,
        ids,
        readBatch: (batch) => workOrderExportBatch(db, actor.customerId, columns, batch),
        sheetName: 'Work orders',
        filePrefix: query.isHistory ? 'WorkOrderHistory' : 'WorkOrderScheduled',
        dateFormat: 'yyyy-mm-dd hh:mm',
        onError: (err) => request.log.error({ err }, 'the export stopped part-way'),
      });
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return { status: 200, body: stream as unknown as Blob };
    }),

    pdf: s.route(serviceCallsContract.pdf, async ({ request, reply, params, query }) => {
      const actor = actorOf(request);
      const report = await requireServiceReport(db, actor, params.serviceOrderNo);
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

    serviceReportTarget: s.route(serviceCallsContract.serviceReportTarget, async ({ request, params }) => {
      const target = await serviceReportTargetOf(db, actorOf(request), params.serviceOrderId);
      if (!target) throw new HttpProblem(404, `No work order ${params.serviceOrderId}`);
      return ok(target);
    }),

    upcoming: s.route(serviceCallsContract.upcoming, async ({ request, body }) => {
      const actor = actorOf(request);
      const ids = await visibleEquipmentIds(db, actor, body.equipmentIds);
      const rows = await serviceCallsBetween(db, actor.customerId, ids, {
        start: new Date(body.startTime),
        end: new Date(body.endTime),
      });
      return ok({ items: rows.map((r) => ({ ...toSummary(r), equipmentId: r.equipment_id! })) });
    }),

    equipmentServiceCalls: s.route(serviceCallsContract.equipmentServiceCalls, async ({ request, params, query }) => {
      const actor = actorOf(request);
      await requireEquipment(db, actor, params.id);
      const calls = await callsOfEquipment(db, actor.customerId, params.id, query.otherComponent ?? false);
      const { rows, totalCount } = await newestFirst(calls, query);
      return ok({ items: rows.map(toSummary), totalCount });
    }),

    equipmentWorkOrders: s.route(serviceCallsContract.equipmentWorkOrders, async ({ request, params, query }) => {
      const actor = actorOf(request);
      await requireEquipment(db, actor, params.id);
      const sessionTimestamp = query.sessionTimestamp ?? Date.now();
      // Orders received after the first page was read wait for a new first page, so later pages do not shift.
      const calls = (await callsOfEquipment(db, actor.customerId, params.id, query.otherComponent)).where(
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
}

/** POST Equipment/{id}/refreshUpcomingServiceCalls: the equipment's service calls of the next 30 days. */
export function refreshUpcomingRoute({ db }: AppDeps) {
  return s.route(equipmentContract.refreshUpcomingServiceCalls, async ({ request, params }) => {
    const actor = actorOf(request);
    await requireEquipment(db, actor, params.id);
    const rows = await upcomingServiceCalls(db, actor.customerId, params.id);
    return ok(rows.map(toSummary));
  });
}
