import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { FilterOperator, OrderType, XLSX_CONTENT_TYPE } from '../../contract/listQuery';
import { changingHeaders, eachLike, integer, pact, pactClient, regex, string, boolean } from './support';
import { CAPPED_WORK_ORDER_WORD, VERIFY_EXACT_COUNT_MAX } from './workOrderStates';

const USER = 'user@acme-labs.example';
const EXAMPLE = { equipmentId: 8, serviceOrderNo: 'SO00000042', serviceOrderId: 41 };
const workOrdersExist = ['work orders exist', { email: USER }] as const;
const fromState = (key: keyof typeof EXAMPLE) => MatchersV3.fromProviderState(`\${${key}}`, EXAMPLE[key]);
const isoDate = (example: string) => regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.source, example);

/** Fields of a work-order row the grid relies on. */
const workOrderRow = {
  serviceOrderId: integer(41),
  serviceOrderNo: string('SO00000042'),
  svmxOrderNo: string('WO-10000294'),
  city: string('Boston'),
  mfg: string('Agilent'),
  model: string('1260 Infinity II'),
  serial: string('AG01071510'),
  jobType: string('Preventive maintenance'),
  callStatus: string('CLOSED'),
  startDate: isoDate('2025-03-04T09:00:00.000Z'),
  dateTimeCallComplete: isoDate('2025-03-04T13:00:00.000Z'),
  serviceEngnName: string('Maria Rossi'),
  documentCount: integer(0),
  userAccessPDF: boolean(true),
};

const summary = {
  serviceOrderNo: string('SO00000042'),
  svmxOrderNo: string('WO-10000294'),
  jobType: string('Repair'),
  callStatus: string('RELEASED'),
  startDate: isoDate('2026-12-01T09:00:00.000Z'),
  pdfAvailable: boolean(false),
};

describe('work orders (consumer)', () => {
  it('lists a page of the history tab, filtered, sorted and searched', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 20,
      filterSettings: [{ field: 'callStatus', operator: FilterOperator.In, value: ['CLOSED'] }],
      orderSettings: [{ field: 'dateTimeCallComplete', orderType: OrderType.Descending }],
      fullTextSearchSetting: { keyword: 'maintenance' },
    };
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for a page of the work-order history')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/list',
        query: { isHistory: 'true' },
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { items: eachLike(workOrderRow), totalCount: integer(120), totalCountExact: boolean(true) },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.list({ query: { isHistory: true }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 120, totalCountExact: true } });
    });
  });

  it('lists a page of a search with more matches than the list counts exactly: the total is a lower bound', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 20,
      filterSettings: [],
      orderSettings: [],
      fullTextSearchSetting: {
        keyword: CAPPED_WORK_ORDER_WORD,
      },
    };
    const provider = pact()
      .given('more work orders match a search than the list counts exactly', { email: USER })
      .uponReceiving('a request for a page of a work-order search the list counts only up to its cap')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/list',
        query: { isHistory: 'true' },
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike({ serviceOrderNo: string('SRPACTCAP0000'), callStatus: string('CLOSED') }),
            totalCount: integer(VERIFY_EXACT_COUNT_MAX),
            totalCountExact: false,
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.list({ query: { isHistory: true }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCountExact: false } });
    });
  });

  it('asks for the count of a searched history tab the list could only count up to its cap', async () => {
    const body = {
      filterSettings: [{ field: 'callStatus', operator: FilterOperator.In, value: ['CLOSED'] }],
      fullTextSearchSetting: { keyword: 'maintenance' },
    };
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for the count of a searched work-order history')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/list/count',
        query: { isHistory: 'true' },
        headers: changingHeaders,
        body,
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { count: integer(120), exact: boolean(true) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.listCount({ query: { isHistory: true }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { count: 120, exact: true } });
    });
  });

  it('gives filter suggestions for columns of the scheduled tab', async () => {
    const body = { pageIndex: 0, pageSize: 100, filterSettings: [], selectFields: ['callStatus', 'jobType'] };
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for filter suggestions of scheduled work orders')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/FilterFields',
        query: { isHistory: 'false' },
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { callStatus: eachLike('RELEASED'), jobType: eachLike('Repair') } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.filterFields({ query: { isHistory: false }, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { callStatus: ['RELEASED'] } });
    });
  });

  it('exports the history tab with the visible columns', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 0,
      filterSettings: [],
      orderSettings: [{ field: 'dateTimeCallComplete', orderType: OrderType.Descending }],
      layoutContent: {
        columnOrderKeys: ['serviceOrderNo', 'jobType'],
        columnShowKeys: ['serviceOrderNo', 'jobType'],
        columnHeaders: { serviceOrderNo: 'Order number', jobType: 'Job type' },
      },
    };
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request to export the work-order history')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/export',
        query: { isHistory: 'true' },
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': XLSX_CONTENT_TYPE,
          'Content-Disposition': regex(
            /^attachment; filename="WorkOrderHistory_\d{8}\.xlsx"$/.source,
            'attachment; filename="WorkOrderHistory_20261125.xlsx"',
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.export({ query: { isHistory: true }, body: body as never });
      expect(res.status).toBe(200);
    });
  });

  it('exports only the selected work orders of the scheduled tab', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 0,
      filterSettings: [],
      orderSettings: [],
      layoutContent: {
        columnOrderKeys: ['serviceOrderNo'],
        columnShowKeys: ['serviceOrderNo'],
        columnHeaders: { serviceOrderNo: 'Order number' },
      },
      serviceOrderIds: [2, 1],
    };
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request to export the selected scheduled work orders')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/export',
        query: { isHistory: 'false' },
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': XLSX_CONTENT_TYPE,
          'Content-Disposition': regex(
            /^attachment; filename="WorkOrderScheduled_\d{8}\.xlsx"$/.source,
            'attachment; filename="WorkOrderScheduled_20261129.xlsx"',
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.export({
        query: { isHistory: false },
        body: body as never,
      });
      expect(res.status).toBe(200);
    });
  });

  it('lists the upcoming service calls of equipment', async () => {
    const body = {
      equipmentIds: [EXAMPLE.equipmentId],
      startTime: '2026-11-25T00:00:00.000Z',
      endTime: '2026-12-25T00:00:00.000Z',
    };
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for the upcoming service calls of equipment')
      .withRequest({
        method: 'POST',
        path: '/api/ServiceCall/upcomingServiceCalls',
        headers: changingHeaders,
        body: { ...body, equipmentIds: [fromState('equipmentId')] },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { items: MatchersV3.atLeastLike({ ...summary, equipmentId: integer(8) }, 0) } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.upcoming({ body });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it('refreshes the upcoming service calls of one equipment', async () => {
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a refresh of the upcoming service calls of an equipment')
      .withRequest({
        method: 'POST',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${equipmentId}/refreshUpcomingServiceCalls',
          `/api/Equipment/${EXAMPLE.equipmentId}/refreshUpcomingServiceCalls`,
        ),
        headers: changingHeaders,
        body: {},
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(summary) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.refreshUpcomingServiceCalls({
        params: { id: EXAMPLE.equipmentId },
        body: {},
      });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it('pages the service calls of an equipment (side panel)', async () => {
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for a page of the service calls of an equipment')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${equipmentId}/servicecall',
          `/api/Equipment/${EXAMPLE.equipmentId}/servicecall`,
        ),
        query: { pageIndex: '0', pageSize: '10' },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { items: eachLike(summary), totalCount: integer(7) } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.equipmentServiceCalls({
        params: { id: EXAMPLE.equipmentId },
        query: { pageIndex: 0, pageSize: 10 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 7 } });
    });
  });

  it('pages the work orders of an equipment (detail page)', async () => {
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for a page of the work orders of an equipment')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${equipmentId}/workOrders',
          `/api/Equipment/${EXAMPLE.equipmentId}/workOrders`,
        ),
        query: { otherComponent: 'false', pageIndex: '0', pageSize: '10' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike({
              serviceOrderId: integer(41),
              serviceOrderNo: string('SO00000042'),
              jobType: string('Repair'),
              callStatus: string('CLOSED'),
              userAccessPDF: boolean(true),
            }),
            totalCount: integer(7),
            sessionTimestamp: integer(1764028800000),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.equipmentWorkOrders({
        params: { id: EXAMPLE.equipmentId },
        query: { otherComponent: false, pageIndex: 0, pageSize: 10 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 7 } });
    });
  });

  it('opens the service report PDF of an order', async () => {
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for the service report PDF of an order')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/ServiceCall/${serviceOrderNo}/PDF',
          `/api/ServiceCall/${EXAMPLE.serviceOrderNo}/PDF`,
        ),
      })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': regex(
            /^inline; filename="ServiceReport_[A-Za-z0-9_-]+\.pdf"$/.source,
            `inline; filename="ServiceReport_${EXAMPLE.serviceOrderNo}.pdf"`,
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.pdf({ params: { serviceOrderNo: EXAMPLE.serviceOrderNo } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
    });
  });

  it('finds an order by its id for the service report link', async () => {
    const provider = pact()
      .given(...workOrdersExist)
      .uponReceiving('a request for the order number of a work order by its id')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/ServiceCall/byId/${serviceOrderId}',
          `/api/ServiceCall/byId/${EXAMPLE.serviceOrderId}`,
        ),
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            serviceOrderId: fromState('serviceOrderId'),
            serviceOrderNo: fromState('serviceOrderNo'),
            pdfAvailable: boolean(true),
            userAccessPDF: boolean(true),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceCalls.serviceReportTarget({
        params: { serviceOrderId: EXAMPLE.serviceOrderId },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { serviceOrderNo: EXAMPLE.serviceOrderNo } });
    });
  });
});
