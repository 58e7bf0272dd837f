import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { changingHeaders, eachLike, integer, pact, pactClient, string } from './support';

const USER = 'user@globex.example';
const EQUIPMENT_ID = 21;
const CUSTOMER_ID = 2;
const SYSTEM_ID = 'AG-SYS-21';
const monitored = ['a monitored instrument exists', { email: USER }] as const;
const fromState = (expression: string, example: string | number) => MatchersV3.fromProviderState(expression, example);
const number = (example: number) => MatchersV3.number(example);

const period = {
  durationName: string('2026-11'),
  utilSum: number(52.25),
  servSum: number(6.5),
  utilAvg: number(2.09),
  servAvg: number(0.26),
  utilPerc: number(8.71),
  servPerc: number(1.08),
  startDate: string('2026-11-01'),
  endDate: string('2026-11-25'),
};
const event = {
  startTime: string('2026-11-03T07:30:00.000Z'),
  endTime: string('2026-11-03T09:10:00.000Z'),
  hours: number(1.6667),
  category: string('Sample analysis'),
};
// The last month, as the details modal asks for it.
const START = '2026-10-26T00:00:00.000Z';
const END = '2026-11-25T00:00:00.000Z';

describe('utilization (consumer)', () => {
  it('reads the asset data and the event summary of a monitored instrument', async () => {
    const provider = pact()
      .given(...monitored)
      .uponReceiving('a request for the asset data and utilization of a monitored instrument')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/agAssetDataAndEventSummary',
        headers: changingHeaders,
        body: {},
        query: { equipmentId: fromState('${equipmentId}', String(EQUIPMENT_ID)), filter: '12' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            assetRequested: false,
            assetUtilization: {
              id: fromState('${equipmentId}', EQUIPMENT_ID),
              dateRangeSelect: 12,
              eventSummary: eachLike(period),
              startDate: string('2025-12-01'),
              endDate: string('2026-11-25'),
              totalDays: integer(360),
              assetId: string('AG-21'),
              connStatus: string('Connected'),
              captureStatus: string('Normal'),
              assetUrlTemplate: string('https://assetgenius.provider.example/assets/{assetId}'),
            },
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.utilizationAsset({
        body: {},
        query: { equipmentId: EQUIPMENT_ID, filter: 12 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { assetRequested: false } });
    });
  });

  it('reads the event summary of a monitored instrument for the last week', async () => {
    const provider = pact()
      .given(...monitored)
      .uponReceiving('a request for the utilization of a monitored instrument in the last week')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/agEventSummary',
        headers: changingHeaders,
        body: {},
        query: { equipmentId: fromState('${equipmentId}', String(EQUIPMENT_ID)), filter: '0' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            eventSummary: eachLike(period, 7),
            startDate: string('2026-11-19'),
            endDate: string('2026-11-25'),
            totalDays: 7,
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.utilizationSummary({
        body: {},
        query: { equipmentId: EQUIPMENT_ID, filter: 0 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalDays: 7 } });
    });
  });

  it('pages the events of a monitored system in a period', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 10,
      filter: {},
      startDate: START,
      endDate: END,
      systemId: SYSTEM_ID,
      customerId: CUSTOMER_ID,
      sortField: 'startTime',
      sortDesc: false,
    };
    const provider = pact()
      .given(...monitored)
      .uponReceiving('a request for a page of the utilization events of a monitored system')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/agEventFilterList',
        headers: changingHeaders,
        body: {
          ...body,
          systemId: fromState('${systemId}', SYSTEM_ID),
          customerId: fromState('${customerId}', CUSTOMER_ID),
        },
      })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { items: eachLike(event), totalCount: integer(64) } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.utilizationEvents({ body });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it('lists every event of a monitored system in a period', async () => {
    const provider = pact()
      .given(...monitored)
      .uponReceiving('a request for all utilization events of a monitored system in a period')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/agEventList',
        headers: changingHeaders,
        body: {},
        query: {
          systemId: fromState('${systemId}', SYSTEM_ID),
          customerId: fromState('${customerId}', String(CUSTOMER_ID)),
          startDate: START,
          endDate: END,
        },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(event) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.utilizationEventList({
        body: {},
        query: { systemId: SYSTEM_ID, customerId: CUSTOMER_ID, startDate: START, endDate: END },
      });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });
});
