import { describe, expect, it, vi } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode, MessageKey } from '../../contract/errors';
import type { ReservationStateParams } from './reservationStates';
import { changingHeaders, eachLike, errorBody, integer, pact, pactClient, regex, string, failureOf } from './support';

const ISO = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const USER = 'user@acme-labs.example';
const ADMIN = 'admin@acme-labs.example';
/** A week far enough ahead that the pact stays valid: new reservations must start in the future. */
const WEEK = { start: '2031-03-03T00:00:00.000Z', end: '2031-03-10T00:00:00.000Z' };
const EXAMPLE = { reservationId: 900001, equipmentId: 1, freeEquipmentId: 2 };

const reservationExists = (overrides: Partial<ReservationStateParams> = {}) =>
  [
    'a reservation exists',
    {
      email: USER,
      reservationId: EXAMPLE.reservationId,
      startDate: '2031-03-04T09:00:00.000Z',
      endDate: '2031-03-04T11:00:00.000Z',
      ...overrides,
    } satisfies ReservationStateParams,
  ] as const;

/** What every reservation carries; the instrument's own fields may be empty, so they are not matched. */
const reservation = (overrides: Record<string, unknown> = {}) => ({
  reservationId: integer(EXAMPLE.reservationId),
  equipmentId: integer(EXAMPLE.equipmentId),
  comments: string('Method validation run'),
  startDate: regex(ISO, '2031-03-04T09:00:00.000Z'),
  endDate: regex(ISO, '2031-03-04T11:00:00.000Z'),
  reservedBy: { userId: integer(1), userName: string('Uma Standard') },
  lastUpdateTime: regex(ISO, '2031-01-01T00:00:00.000Z'),
  ...overrides,
});

const ok = (result: unknown) => ({ errorCode: 0, result });

describe('reservations (consumer)', () => {
  it('reads a week of the calendar: instruments with their reservations and service events', async () => {
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('a week of the reservation calendar, my reservations only')
      .withRequest({
        method: 'GET',
        path: '/api/Equipment/reservation',
        query: {
          ...WEEK,
          pageIndex: '0',
          pageSize: '20',
          serviceCallType: '1,7',
          myOnly: 'true',
          calendarOrderType: 'serial',
        },
      })
      .willRespondWith({
        status: 200,
        body: ok({
          totalCount: integer(120),
          items: MatchersV3.atLeastOneLike(
            {
              equipmentId: integer(EXAMPLE.equipmentId),
              reservations: eachLike(reservation()),
              serviceEvents: MatchersV3.like([]),
            },
            1,
          ),
        }),
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).reservations.calendar({
        query: {
          ...WEEK,
          pageIndex: 0,
          pageSize: 20,
          serviceCallType: '1,7',
          myOnly: true,
          calendarOrderType: 'serial',
        } as never,
      });
      expect(res.body).toMatchObject({
        errorCode: 0,
        result: { items: [{ reservations: [{ comments: 'Method validation run' }] }] },
      });
    });
  });

  it('reads the days of a month that have reservations', async () => {
    const query = { start: '2031-03-01T00:00:00.000Z', end: '2031-04-01T00:00:00.000Z', timeZoneDiff: '60' };
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('the reservation overview of a month')
      .withRequest({ method: 'GET', path: '/api/Equipment/reservationOverview', query })
      .willRespondWith({
        status: 200,
        body: ok({ items: eachLike({ date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2031-03-04'), count: integer(1) }) }),
      });
    // A browser an hour east of UTC: the request layer sends its offset as timeZoneDiff.
    const zone = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-60);
    try {
      await provider.executeTest(async (server) => {
        const res = await pactClient(server.url).reservations.overview({
          query: { start: query.start, end: query.end },
        });
        expect(res.body).toMatchObject({ errorCode: 0, result: { items: [{ date: '2031-03-04' }] } });
      });
    } finally {
      zone.mockRestore();
    }
  });

  it('reserves a free instrument', async () => {
    const body = { startDate: '2031-03-05T13:00:00.000Z', endDate: '2031-03-05T14:30:00.000Z', comments: 'HPLC run' };
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('a new reservation')
      .withRequest({
        method: 'POST',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${freeEquipmentId}/reservation',
          `/api/Equipment/${EXAMPLE.freeEquipmentId}/reservation`,
        ),
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        body: ok({
          items: eachLike(
            reservation({
              equipmentId: integer(EXAMPLE.freeEquipmentId),
              comments: string('HPLC run'),
              startDate: regex(ISO, body.startDate),
              endDate: regex(ISO, body.endDate),
            }),
          ),
        }),
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).reservations.create({
        params: { id: EXAMPLE.freeEquipmentId },
        query: {},
        body,
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { items: [{ comments: 'HPLC run' }] } });
    });
  });

  it('is refused a period that overlaps a reservation of the instrument', async () => {
    const body = { startDate: '2031-03-04T10:00:00.000Z', endDate: '2031-03-04T12:00:00.000Z' };
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('a reservation overlapping another one')
      .withRequest({
        method: 'POST',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${equipmentId}/reservation',
          `/api/Equipment/${EXAMPLE.equipmentId}/reservation`,
        ),
        headers: changingHeaders,
        body,
      })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.ReservationConflict) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).reservations.create({
          params: { id: EXAMPLE.equipmentId },
          query: {},
          body,
          silent: true,
        }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.ReservationConflict });
    });
  });

  it('moves an own reservation', async () => {
    const body = {
      reservationId: EXAMPLE.reservationId,
      equipmentId: EXAMPLE.equipmentId,
      startDate: '2031-03-04T13:00:00.000Z',
      endDate: '2031-03-04T15:00:00.000Z',
      comments: 'Moved to the afternoon',
      lastUpdateTime: '2031-01-01T00:00:00.000Z',
    };
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('a change of an own reservation')
      .withRequest({
        method: 'PUT',
        path: '/api/Equipment/Reservation',
        headers: changingHeaders,
        body: {
          ...body,
          equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE.equipmentId),
          lastUpdateTime: MatchersV3.fromProviderState('${lastUpdateTime}', body.lastUpdateTime),
        },
      })
      .willRespondWith({
        status: 200,
        body: ok(
          reservation({
            comments: string(body.comments),
            startDate: regex(ISO, body.startDate),
            endDate: regex(ISO, body.endDate),
          }),
        ),
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).reservations.update({ query: {}, body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { comments: 'Moved to the afternoon' } });
    });
  });

  it('lets the reserver delete a reservation', async () => {
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('the reserver deleting a reservation')
      .withRequest({
        method: 'DELETE',
        path: `/api/Equipment/Reservation/${EXAMPLE.reservationId}`,
        query: { isSeriesDelete: 'false' },
        headers: { 'x-xsrf-token': string('xsrf-token-from-cookie') },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).reservations.remove({
        params: { id: EXAMPLE.reservationId },
        query: { isSeriesDelete: false },
      });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it("refuses an admin deleting another user's reservation without a comment", async () => {
    const provider = pact()
      .given(...reservationExists({ email: ADMIN, reserverEmail: USER }))
      .uponReceiving("an admin deleting another user's reservation without a comment")
      .withRequest({
        method: 'DELETE',
        path: `/api/Equipment/Reservation/${EXAMPLE.reservationId}`,
        query: { isSeriesDelete: 'false', comments: '' },
        headers: { 'x-xsrf-token': string('xsrf-token-from-cookie') },
      })
      .willRespondWith({
        status: 400,
        body: { errorCode: 400, errorMessage: MessageKey.requiredField },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).reservations.remove({
          params: { id: EXAMPLE.reservationId },
          query: { isSeriesDelete: false, comments: '' },
          silent: true,
        }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 400, errorMessage: MessageKey.requiredField });
    });
  });

  it("lets an admin delete another user's future reservation with a comment", async () => {
    const provider = pact()
      .given(...reservationExists({ email: ADMIN, reserverEmail: USER }))
      .uponReceiving("an admin deleting another user's reservation with a comment")
      .withRequest({
        method: 'DELETE',
        path: `/api/Equipment/Reservation/${EXAMPLE.reservationId}`,
        query: { isSeriesDelete: 'false', comments: 'The instrument goes to service' },
        headers: { 'x-xsrf-token': string('xsrf-token-from-cookie') },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).reservations.remove({
        params: { id: EXAMPLE.reservationId },
        query: { isSeriesDelete: false, comments: 'The instrument goes to service' },
      });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it('searches reservations by keyword', async () => {
    const provider = pact()
      .given(...reservationExists())
      .uponReceiving('a reservation search')
      .withRequest({
        method: 'GET',
        path: '/api/equipment/reservation/search',
        query: { keyword: 'method validation', pageIndex: '0', pageSize: '20' },
      })
      .willRespondWith({ status: 200, body: ok({ items: eachLike(reservation()), totalCount: integer(1) }) });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).reservations.search({
        query: { keyword: 'method validation', pageIndex: 0, pageSize: 20 } as never,
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 1 } });
    });
  });
});
