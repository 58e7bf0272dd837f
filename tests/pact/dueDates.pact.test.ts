import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { CalendarDueDate, DueItem } from '../../contract/dueDates';
import { CALENDAR_DUE_DATE } from './dueDatesStates';
import { boolean, changingHeaders, eachLike, integer, pact, pactClient, regex, string } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE_EQUIPMENT_ID = 8;
const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
const withDueDates = ['instruments have due dates', { email: USER }] as const;

describe('due dates (consumer)', () => {
  it('reads the first due dates of the welcome page with their count', async () => {
    const provider = pact()
      .given(...withDueDates)
      .uponReceiving('a request for what is overdue or due within 30 days')
      .withRequest({ method: 'GET', path: '/api/DueDates/upcoming', query: { pageSize: '5' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            totalCount: integer(1),
            items: eachLike({
              equipmentId: integer(EXAMPLE_EQUIPMENT_ID),
              serial: string('SN-1001'),
              instrumentName: string('Agilent 1260'),
              serviceCallType: integer(9),
              dueDate: regex(DAY, '2026-12-05'),
              overdue: boolean(false),
            }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).dueDates.upcoming({ query: { pageSize: 5 } });
      const items = (res.body as { result: { items: DueItem[] } }).result.items;
      expect(items[0]).toMatchObject({ serviceCallType: 9, overdue: false });
    });
  });

  it("reads the due dates of the calendar's rows in a period", async () => {
    const query = {
      start: '2035-06-03T22:00:00.000Z',
      end: '2035-06-10T22:00:00.000Z',
      equipmentIds: MatchersV3.fromProviderState('${equipmentId}', String(EXAMPLE_EQUIPMENT_ID)),
      serviceCallType: '1,9',
    };
    const provider = pact()
      .given(...withDueDates)
      .uponReceiving('a request for the due dates of some instruments in a week')
      .withRequest({ method: 'GET', path: '/api/DueDates/calendar', query })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike({
              equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_EQUIPMENT_ID),
              serviceCallType: integer(9),
              dueDate: regex(DAY, CALENDAR_DUE_DATE),
            }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).dueDates.calendar({
        query: {
          start: query.start,
          end: query.end,
          equipmentIds: String(EXAMPLE_EQUIPMENT_ID),
          serviceCallType: '1,9',
        },
      });
      const items = (res.body as { result: { items: CalendarDueDate[] } }).result.items;
      expect(items[0]).toMatchObject({ equipmentId: EXAMPLE_EQUIPMENT_ID, dueDate: CALENDAR_DUE_DATE });
    });
  });

  it('reads and turns off the weekly digest of the signed-in user', async () => {
    const read = pact()
      .given('a signed-in user', { email: USER })
      .uponReceiving('a request for the weekly digest setting')
      .withRequest({ method: 'GET', path: '/api/DueDates/digestSetting' })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { weeklyDigest: boolean(true) } } });
    await read.executeTest(async (server) => {
      const res = await pactClient(server.url).dueDates.digestSetting({ query: {} });
      expect(res.body).toMatchObject({ errorCode: 0, result: { weeklyDigest: true } });
    });
    const body = { weeklyDigest: false };
    const write = pact()
      .given('a signed-in user', { email: USER })
      .uponReceiving('turning the weekly digest off')
      .withRequest({ method: 'PUT', path: '/api/DueDates/digestSetting', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { weeklyDigest: false } } });
    await write.executeTest(async (server) => {
      const res = await pactClient(server.url).dueDates.updateDigestSetting({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { weeklyDigest: false } });
    });
  });
});
