import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import type { HistoryPage } from '../../contract/history';
import { eachLike, errorBody, integer, pact, pactClient, regex, string } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE = { equipmentId: 8, reservationId: 900101, serviceOrderId: 5001 };
const withHistory = ['records with an audit history exist', { email: USER }] as const;
const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

const historyPath = (template: string, key: keyof typeof EXAMPLE) =>
  MatchersV3.fromProviderState(template.replace('ID', `\${${key}}`), template.replace('ID', String(EXAMPLE[key])));

/**
 * A page of entries. Older entries may have no changed fields, and a change's values may be text, a number, a flag or
 * empty, so only the field is typed.
 */
const historyPage = (eventType: string) => ({
  errorCode: 0,
  result: {
    totalCount: integer(1),
    items: eachLike({
      id: integer(1),
      time: regex(ISO, '2026-11-27T10:00:00.000Z'),
      eventType: string(eventType),
      actorName: string('Uma Standard'),
      changes: MatchersV3.atLeastLike({ field: string('room') }, 0, 1),
    }),
  },
});

const firstPage = { pageIndex: '0', pageSize: '20' };

describe('audit history (consumer)', () => {
  it('reads a page of an instrument’s history', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for a page of an instrument’s history')
      .withRequest({ method: 'GET', path: historyPath('/api/Equipment/ID/history', 'equipmentId'), query: firstPage })
      .willRespondWith({ status: 200, body: historyPage('equipment.updated') });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).history.equipment({
        params: { id: EXAMPLE.equipmentId },
        query: { pageIndex: 0, pageSize: 20 },
      });
      expect(res.status).toBe(200);
      const page = (res.body as { result: HistoryPage }).result;
      expect(page.items[0]).toMatchObject({ eventType: 'equipment.updated', changes: [{ field: 'room' }] });
    });
  });

  it('answers 10002 for the history of an instrument that is not the customer’s', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for the history of an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000/history', query: firstPage })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.EquipmentNotFound) });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).history.equipment({
        params: { id: 2_000_000_000 },
        query: { pageIndex: 0, pageSize: 20 },
      });
      expect(res.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('reads a page of a reservation’s history', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for a page of a reservation’s history')
      .withRequest({
        method: 'GET',
        path: historyPath('/api/Equipment/Reservation/ID/history', 'reservationId'),
        query: firstPage,
      })
      .willRespondWith({ status: 200, body: historyPage('reservation.created') });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).history.reservation({
        params: { id: EXAMPLE.reservationId },
        query: { pageIndex: 0, pageSize: 20 },
      });
      expect((res.body as { result: HistoryPage }).result.items[0]!.eventType).toBe('reservation.created');
    });
  });

  it('reads a page of a work order’s history', async () => {
    const provider = pact()
      .given(...withHistory)
      .uponReceiving('a request for a page of a work order’s history')
      .withRequest({
        method: 'GET',
        path: historyPath('/api/ServiceCall/ID/history', 'serviceOrderId'),
        query: firstPage,
      })
      .willRespondWith({ status: 200, body: historyPage('document.uploaded') });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).history.serviceCall({
        params: { id: EXAMPLE.serviceOrderId },
        query: { pageIndex: 0, pageSize: 20 },
      });
      expect((res.body as { result: HistoryPage }).result.items[0]!.eventType).toBe('document.uploaded');
    });
  });
});
