import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterOperator, MAX_SELECTED_ROWS, OrderType, XLSX_CONTENT_TYPE } from '../../contract/listQuery';
import { ErrorCode } from '../../contract/errors';
import type { ServiceCallSummary } from '../../contract/equipment';
import {
  WORK_ORDER_LIST_FIELDS,
  type EquipmentWorkOrderRow,
  type UpcomingServiceCall,
  type WorkOrderRow,
} from '../../contract/serviceCalls';
import { WORK_ORDER_FIELDS, workOrderWalk } from '../../api-mock/src/serviceCalls/fields';
import { workOrdersInScope } from '../../api-mock/src/serviceCalls/workOrders.queries';
import { suggestionPage } from '../../api-mock/src/lib/filterSuggestions';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { withoutReportAccess } from '../support/reportAccess';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let acmeAgent: Awaited<ReturnType<typeof signedIn>>;
let globex: InjectClient;
const customers: Record<string, number> = {};
beforeAll(async () => {
  server = await startApiServer();
  acmeAgent = await signedIn(server.app, 'user@acme-labs.example');
  acme = acmeAgent.client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  for (const c of await db().selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    customers[c.customer_folder] = c.id;
  }
});
afterAll(() => server.close());

const db = () => server.database.db;

interface Paged<T> {
  items: T[];
  totalCount: number;
}

const list = async (client: InjectClient, isHistory: boolean, body: Record<string, unknown> = {}) =>
  resultOf<Paged<WorkOrderRow>>(
    await client.serviceCalls.list({ query: { isHistory }, body: { pageIndex: 0, pageSize: 20, ...body } as never }),
  );

const callsOf = (customer: string, history: boolean) =>
  db()
    .selectFrom('service_calls')
    .select(['id', 'service_order_no', 'start_date', 'date_time_call_complete'])
    .where('customer_id', '=', customers[customer]!)
    .where('is_history', '=', history)
    .execute();

describe('POST ServiceCall/list', () => {
  it('pages the scheduled and the historical orders of the caller’s customer in each tab’s default order', async () => {
    for (const isHistory of [false, true]) {
      const page = await list(acme, isHistory);
      const expected = await callsOf('acme', isHistory);
      expect(page.totalCount).toBe(expected.length);
      expect(page.totalCount).toBeGreaterThan(20);
      expect(page.items).toHaveLength(20);
      expect(page.items.every((r) => (r.dateTimeCallComplete !== null) === isHistory)).toBe(true);
      const own = new Set(expected.map((c) => c.service_order_no));
      expect(page.items.every((r) => own.has(r.serviceOrderNo))).toBe(true);
      const keys = page.items.map((r) => (isHistory ? r.dateTimeCallComplete! : (r.startDate ?? '')));
      const sorted = [...keys].sort();
      expect(keys).toEqual(isHistory ? sorted.reverse() : sorted);
    }
  });

  it('filters, sorts and searches through the work-order fields', async () => {
    const all = await list(acme, true, { pageSize: 100 });
    const engineer = all.items.find((r) => r.serviceEngnName)!.serviceEngnName!;
    const filtered = await list(acme, true, {
      pageSize: 100,
      filterSettings: [{ field: 'serviceEngnName', operator: FilterOperator.In, value: [engineer] }],
      orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
    });
    expect(filtered.totalCount).toBeGreaterThan(0);
    expect(filtered.items.every((r) => r.serviceEngnName === engineer)).toBe(true);
    const serials = filtered.items.map((r) => r.serial ?? '');
    expect(serials).toEqual([...serials].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const target = all.items[3]!;
    const searched = await list(acme, true, { fullTextSearchSetting: { keyword: target.serviceOrderNo } });
    expect(searched.items.map((r) => r.serviceOrderNo)).toEqual([target.serviceOrderNo]);
  });

  it('answers every field of the row, the document count, and PDF access from the user and the report', async () => {
    const page = await list(acme, true, { pageSize: 100 });
    const row = page.items.find((r) => r.userAccessPDF)!;
    expect(row).toBeDefined();
    expect(Object.keys(row)).toEqual(expect.arrayContaining(Object.keys(WORK_ORDER_LIST_FIELDS)));
    expect(row.mfg).not.toBeNull();
    expect(row.city).not.toBeNull();
    const noReport = await db()
      .selectFrom('service_calls')
      .select('service_order_no')
      .where('customer_id', '=', customers.acme!)
      .where('report_available', '=', false)
      .where('is_history', '=', true)
      .executeTakeFirstOrThrow();
    const withoutReport = await list(acme, true, { fullTextSearchSetting: { keyword: noReport.service_order_no } });
    expect(withoutReport.items[0]!.userAccessPDF).toBe(false);

    await withoutReportAccess(db(), 'user@acme-labs.example', async () => {
      const denied = await list(acme, true, { pageSize: 100 });
      expect(denied.items.some((r) => r.userAccessPDF)).toBe(false);
    });
  });

  it('shows a service request raised now at the top of Scheduled, with the instrument it was raised for', async () => {
    const equipment = await db()
      .selectFrom('equipment')
      .select(['id', 'serial'])
      .where('customer_id', '=', customers.acme!)
      .where('is_hidden', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const raised = resultOf<{ serviceOrderNo: string }>(
      await acme.serviceCalls.createRequest({
        body: {
          equipmentId: equipment.id,
          issueType: '7',
          priority: 3,
          issueText: 'The pump leaks at the purge valve.',
          attachFiles: [],
          requestEmail: '',
        },
      }),
    );
    const page = await list(acme, false);
    expect(page.items[0]).toMatchObject({
      serviceOrderNo: raised.serviceOrderNo,
      serial: equipment.serial,
      callStatus: 'OPEN',
      description: 'The pump leaks at the purge valve.',
      userAccessPDF: false,
    });
  });

  it('never shows another customer’s orders', async () => {
    const globexOrders = new Set((await callsOf('globex', true)).map((c) => c.service_order_no));
    const page = await list(acme, true, { pageSize: 100 });
    expect(page.items.some((r) => globexOrders.has(r.serviceOrderNo))).toBe(false);
    const one = [...globexOrders][0]!;
    expect((await list(acme, true, { fullTextSearchSetting: { keyword: one } })).totalCount).toBe(0);
    expect((await list(globex, true, { fullTextSearchSetting: { keyword: one } })).totalCount).toBe(1);
  });

  it('answers 400 for an unknown field, a value of the wrong kind, and a missing tab', async () => {
    const unknown = await acme.serviceCalls.list({
      query: { isHistory: true },
      body: { pageIndex: 0, pageSize: 20, orderSettings: [{ field: 'password_hash', orderType: 0 }] } as never,
    });
    expect(unknown.status).toBe(400);
    const wrongKind = await acme.serviceCalls.list({
      query: { isHistory: true },
      body: {
        pageIndex: 0,
        pageSize: 20,
        filterSettings: [{ field: 'startDate', operator: FilterOperator.From, value: ['not a date'] }],
      } as never,
    });
    expect(wrongKind.status).toBe(400);
    const noTab = await server.app.inject({ method: 'POST', url: '/api/ServiceCall/list', payload: {} });
    expect([400, 401, 403]).toContain(noTab.statusCode);
  });
});

describe('POST ServiceCall/FilterFields', () => {
  it('suggests the distinct values of every field of the tab, narrowed by the other filters only', async () => {
    const statuses = resultOf<Record<string, (string | null)[]>>(
      await acme.serviceCalls.filterFields({
        query: { isHistory: true },
        body: { pageSize: 100, selectFields: ['callStatus', 'jobType', 'startDate'] } as never,
      }),
    );
    expect(statuses.callStatus!.sort()).toEqual(['CLOSED', 'PROCESSED']);
    expect(statuses.jobType!.length).toBeGreaterThan(1);
    expect(statuses.startDate!.length).toBeGreaterThan(1);
    const narrowed = resultOf<Record<string, (string | null)[]>>(
      await acme.serviceCalls.filterFields({
        query: { isHistory: true },
        body: {
          pageSize: 100,
          selectFields: ['callStatus', 'jobType'],
          filterSettings: [
            { field: 'jobType', operator: FilterOperator.In, value: ['Repair'] },
            { field: 'callStatus', operator: FilterOperator.In, value: ['CLOSED'] },
          ],
        } as never,
      }),
    );
    expect(narrowed.jobType!.length).toBeGreaterThan(1);
    expect(narrowed.callStatus!.sort()).toEqual(['CLOSED', 'PROCESSED']);
  });

  it('walks to the same suggestions a full scan gives: a short text, a date, a long free text, blanks first', async () => {
    const cases = [
      { field: 'serial', column: 'serial' },
      { field: 'workStartDate', column: 'work_start_date' },
      { field: 'repairProblem', column: 'repair_problem' },
      { field: 'custRefNo', column: 'cust_ref_no' },
    ] as const;
    for (const isHistory of [true, false]) {
      const answer = resultOf<Record<string, (string | null)[]>>(
        await acme.serviceCalls.filterFields({
          query: { isHistory },
          body: { pageSize: 100, selectFields: cases.map((c) => c.field) } as never,
        }),
      );
      for (const { field, column } of cases) {
        const { rows } = await sql<{ value: string | null }>`select distinct
            case when ${sql.ref(column)}::text = '' then null else ${sql.ref(column)}::text end as value
          from service_calls where customer_id = ${customers.acme!} and is_history = ${isHistory}
          order by 1 asc nulls first limit 100`.execute(db());
        expect(answer[field], `${field}, history ${isHistory}`).toEqual(rows.map((r) => r.value));
      }
    }
  });

  it('refuses a field that is not a work-order field', async () => {
    const res = await acme.serviceCalls.filterFields({
      query: { isHistory: false },
      body: { pageSize: 100, selectFields: ['issue_type'] } as never,
    });
    expect(res.status).toBe(400);
  });
});

describe('POST ServiceCall/export', () => {
  it('writes the visible columns of the filtered, sorted tab as a real workbook', async () => {
    const filterSettings = [{ field: 'jobType', operator: FilterOperator.In, value: ['Preventive maintenance'] }];
    const res = await acme.serviceCalls.export({
      query: { isHistory: true },
      body: {
        filterSettings,
        orderSettings: [{ field: 'serviceOrderNo', orderType: OrderType.Descending }],
        layoutContent: {
          columnOrderKeys: ['serviceOrderNo', 'jobType', 'dateTimeCallComplete', 'serial'],
          columnShowKeys: ['serviceOrderNo', 'jobType', 'dateTimeCallComplete'],
          columnHeaders: { serviceOrderNo: 'Order number', jobType: 'Job type', dateTimeCallComplete: 'Completed' },
        },
      } as never,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="WorkOrderHistory_\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as unknown as Buffer as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).values).toEqual([undefined, 'Order number', 'Job type', 'Completed']);
    const count = (await list(acme, true, { filterSettings })).totalCount;
    expect(sheet.rowCount - 2).toBe(count);
    const numbers: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 2) {
        expect(row.getCell(2).value).toBe('Preventive maintenance');
        expect(row.getCell(3).value).toBeInstanceOf(Date);
        numbers.push(String(row.getCell(1).value));
      }
    });
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  const numbersOf = async (body: Blob) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as Buffer as never);
    const numbers: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 2) numbers.push(String(row.getCell(1).value));
    });
    return numbers;
  };
  const exportOf = (client: InjectClient, isHistory: boolean, body: Record<string, unknown>) =>
    client.serviceCalls.export({
      query: { isHistory },
      body: {
        orderSettings: [{ field: 'serviceOrderNo', orderType: OrderType.Ascending }],
        layoutContent: { columnOrderKeys: ['serviceOrderNo'], columnShowKeys: ['serviceOrderNo'], columnHeaders: {} },
        ...body,
      } as never,
    });

  it('exports only the selected work orders of the tab, in its order', async () => {
    const page = await list(acme, false, {
      orderSettings: [{ field: 'serviceOrderNo', orderType: OrderType.Ascending }],
    });
    const chosen = [page.items[5]!, page.items[1]!];
    const res = await exportOf(acme, false, { serviceOrderIds: chosen.map((r) => r.serviceOrderId) });
    expect(res.status).toBe(200);
    expect(await numbersOf(res.body as Blob)).toEqual([page.items[1]!.serviceOrderNo, page.items[5]!.serviceOrderNo]);
    // A selected order of the other tab is not in this tab's export.
    const history = (await list(acme, true)).items[0]!;
    const other = await exportOf(acme, false, { serviceOrderIds: [history.serviceOrderId] });
    expect(await numbersOf(other.body as Blob)).toEqual([]);
  });

  it("never exports another customer's work orders, even named by id", async () => {
    const acmeIds = (await list(acme, false)).items.map((r) => r.serviceOrderId);
    const own = (await list(globex, false)).items[0]!;
    const res = await exportOf(globex, false, { serviceOrderIds: [...acmeIds, own.serviceOrderId] });
    expect(res.status).toBe(200);
    expect(await numbersOf(res.body as Blob)).toEqual([own.serviceOrderNo]);
  });

  it('refuses an empty, oversized or malformed selection', async () => {
    const tooMany = Array.from({ length: MAX_SELECTED_ROWS + 1 }, (_, i) => i + 1);
    for (const serviceOrderIds of [[], tooMany, [0], [-1], [2.5], ['7'], null]) {
      expect((await exportOf(acme, false, { serviceOrderIds })).status).toBe(400);
    }
  });

  it('refuses a column that is not a work-order field', async () => {
    const res = await acme.serviceCalls.export({
      query: { isHistory: false },
      body: {
        layoutContent: { columnOrderKeys: ['request_email'], columnShowKeys: ['request_email'], columnHeaders: {} },
      } as never,
    });
    expect(res.status).toBe(400);
  });
});

describe('service calls of one instrument', () => {
  const instrumentWithCalls = async (customer: string) => {
    const row = await db()
      .selectFrom('service_calls')
      .innerJoin('equipment', 'equipment.id', 'service_calls.equipment_id')
      .select(['equipment.id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('equipment.customer_id', '=', customers[customer]!)
      .where('equipment.is_hidden', '=', false)
      .groupBy('equipment.id')
      .having((eb) => eb.fn.countAll(), '>', 3)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    return { id: row.id, count: Number(row.n) };
  };

  it('pages the calls of an equipment newest first (side panel), and refuses another customer’s equipment', async () => {
    const { id, count } = await instrumentWithCalls('acme');
    const page = resultOf<Paged<ServiceCallSummary>>(
      await acme.serviceCalls.equipmentServiceCalls({ params: { id }, query: { pageSize: 2 } }),
    );
    expect(page.totalCount).toBe(count);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.startDate! >= page.items[1]!.startDate!).toBe(true);
    const foreign = await instrumentWithCalls('globex');
    const refused = await acme.serviceCalls.equipmentServiceCalls({ params: { id: foreign.id }, query: {} });
    expect(refused.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
  });

  it('pages the work orders of the detail page with a session timestamp that keeps later pages still', async () => {
    const { id, count } = await instrumentWithCalls('acme');
    const first = resultOf<Paged<EquipmentWorkOrderRow> & { sessionTimestamp: number }>(
      await acme.serviceCalls.equipmentWorkOrders({ params: { id }, query: { pageSize: 2 } }),
    );
    expect(first.totalCount).toBe(count);
    expect(Object.keys(first.items[0]!).sort()).toEqual(
      [
        'serviceOrderId',
        'serviceOrderNo',
        'svmxOrderNo',
        'startDate',
        'jobType',
        'serial',
        'mfg',
        'model',
        'callStatus',
        'userAccessPDF',
      ].sort(),
    );
    const later = resultOf<Paged<EquipmentWorkOrderRow>>(
      await acme.serviceCalls.equipmentWorkOrders({
        params: { id },
        query: { pageSize: 2, pageIndex: 1, sessionTimestamp: first.sessionTimestamp - 10 * 365 * 86_400_000 },
      }),
    );
    expect(later.totalCount).toBe(0);
  });

  it('answers 400 for an id or a page that is not one, and 10002 for another customer’s equipment on refresh', async () => {
    const { id } = await instrumentWithCalls('acme');
    const notAnId = await server.app.inject({
      method: 'GET',
      url: '/api/Equipment/abc/servicecall',
      cookies: Object.fromEntries(acmeAgent.jar),
    });
    expect(notAnId.statusCode).toBe(400);
    expect(
      (await acme.serviceCalls.equipmentServiceCalls({ params: { id }, query: { pageSize: 100_000 } })).status,
    ).toBe(400);
    expect(
      (await acme.serviceCalls.equipmentWorkOrders({ params: { id }, query: { pageIndex: -1 } as never })).status,
    ).toBe(400);
    const foreign = await instrumentWithCalls('globex');
    const refused = await acme.equipment.refreshUpcomingServiceCalls({ params: { id: foreign.id }, body: {} });
    expect(refused.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    const tooMany = await acme.serviceCalls.upcoming({
      body: {
        equipmentIds: Array.from({ length: 1_001 }, (_, i) => i + 1),
        startTime: new Date().toISOString(),
        endTime: new Date().toISOString(),
      },
    });
    expect(tooMany.status).toBe(400);
  });

  it('lists the upcoming calls of the given equipment in a bounded period, and only the caller’s own', async () => {
    const upcoming = await db()
      .selectFrom('service_calls')
      .select(['equipment_id', 'service_order_no'])
      .where('customer_id', '=', customers.acme!)
      .where('is_history', '=', false)
      .where('start_date', '>', new Date())
      .where('start_date', '<', new Date(Date.now() + 30 * 86_400_000))
      .where('equipment_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const foreign = await instrumentWithCalls('globex');
    const now = new Date();
    const res = resultOf<{ items: UpcomingServiceCall[] }>(
      await acme.serviceCalls.upcoming({
        body: {
          equipmentIds: [upcoming.equipment_id!, foreign.id],
          startTime: now.toISOString(),
          endTime: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
        },
      }),
    );
    expect(res.items.map((i) => i.serviceOrderNo)).toContain(upcoming.service_order_no);
    expect(res.items.every((i) => i.equipmentId === upcoming.equipment_id)).toBe(true);

    const refreshed = resultOf<ServiceCallSummary[]>(
      await acme.equipment.refreshUpcomingServiceCalls({ params: { id: upcoming.equipment_id! }, body: {} }),
    );
    expect(refreshed.map((c) => c.serviceOrderNo)).toContain(upcoming.service_order_no);

    const tooLong = await acme.serviceCalls.upcoming({
      body: {
        equipmentIds: [upcoming.equipment_id!],
        startTime: now.toISOString(),
        endTime: new Date(now.getTime() + 400 * 86_400_000).toISOString(),
      },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('work-order suggestions of a long text', () => {
  it('suggest values sharing the indexed prefix once, as the least of them, whatever the plan and the rows’ places', async () => {
    const scope = { customerId: customers['acme']!, isHistory: true };
    const ids = (await workOrdersInScope(db(), scope).select('id').orderBy('id').limit(3).execute()).map((r) => r.id);
    expect(ids).toHaveLength(3);
    const prefix = 'p'.repeat(workOrderWalk('description').prefix!);
    const setText = async (id: number, text: string) =>
      db().updateTable('service_calls').set({ issue_text: text }).where('id', '=', id).execute();
    const { column, type } = WORK_ORDER_FIELDS['description']!;
    const base = workOrdersInScope(db(), scope).where('service_calls.id', 'in', ids);
    const suggested = () =>
      Promise.all(
        [{ countCap: 0 }, { countCap: 10_000 }, { countCap: 10_000, wholeScope: true }].map((plan) =>
          suggestionPage(db(), base, {
            column,
            type,
            ...workOrderWalk('description'),
            ...plan,
            pageIndex: 0,
            pageSize: 5,
          }),
        ),
      );
    // An update writes a row anew at the table's end: C comes first in the table, then A, then B.
    for (const [i, id] of ids.entries()) await setText(id, `${prefix}${'CAB'[i]}`);
    const least = [`${prefix}A`];
    expect(await suggested()).toEqual([least, least, least]);
    // A at the end of the table now, before and after C in the table's order: the same answer.
    await setText(ids[1]!, `${prefix}A`);
    await setText(ids[0]!, `${prefix}C`);
    expect(await suggested()).toEqual([least, least, least]);
    // A lesser value on the row last in the table: it is the one suggested now.
    await setText(ids[2]!, `${prefix}0`);
    const lesser = [`${prefix}0`];
    expect(await suggested()).toEqual([lesser, lesser, lesser]);
  });
});
