import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { changingHeaders, eachLike, errorBody, failureOf, integer, pact, pactClient } from './support';

const MANAGER = 'manager@acme-labs.example';
const EXAMPLE_ID = 8;
const instrument = (email: string) => ['an instrument in a system exists', { email }] as const;
const intervalsPath = MatchersV3.fromProviderState(
  '/api/Equipment/${equipmentId}/serviceIntervals',
  `/api/Equipment/${EXAMPLE_ID}/serviceIntervals`,
);

/** Every kind of work: an interval may be unset and a date unknown, so only the kind is sure to be there. */
const intervalsBody = (calibration?: { intervalMonths: number }) => ({
  errorCode: 0,
  result: {
    equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_ID),
    items: calibration
      ? MatchersV3.arrayContaining({
          serviceCallType: 9,
          intervalMonths: calibration.intervalMonths,
        })
      : eachLike({ serviceCallType: integer(1) }),
  },
});

describe('service intervals (consumer)', () => {
  it('reads the intervals and due dates of an instrument', async () => {
    const provider = pact()
      .given(...instrument('user@acme-labs.example'))
      .uponReceiving('a request for the service intervals of an instrument')
      .withRequest({ method: 'GET', path: intervalsPath })
      .willRespondWith({ status: 200, body: intervalsBody() });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceIntervals.get({ params: { id: EXAMPLE_ID } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { equipmentId: EXAMPLE_ID } });
    });
  });

  it('sets the calibration interval of an instrument as a manager', async () => {
    const body = { intervals: [{ serviceCallType: 9, intervalMonths: 12 }] };
    const provider = pact()
      .given(...instrument(MANAGER))
      .uponReceiving('a manager setting the calibration interval of an instrument')
      .withRequest({ method: 'PUT', path: intervalsPath, headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: intervalsBody({ intervalMonths: 12 }) });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceIntervals.set({ params: { id: EXAMPLE_ID }, body });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });

  it('sets one interval on a selection of instruments as a manager', async () => {
    const provider = pact()
      .given(...instrument(MANAGER))
      .uponReceiving('a manager setting the maintenance interval of selected instruments')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/serviceIntervals/bulk',
        headers: changingHeaders,
        body: {
          equipmentIds: [MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_ID)],
          serviceCallType: 1,
          intervalMonths: 6,
        },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { changed: integer(1) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).serviceIntervals.bulkSet({
        body: { equipmentIds: [EXAMPLE_ID], serviceCallType: 1, intervalMonths: 6 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { changed: 1 } });
    });
  });

  it('answers 10002 for the intervals of an instrument that is not the customer’s', async () => {
    const provider = pact()
      .given(...instrument(MANAGER))
      .uponReceiving('a request for the service intervals of an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000/serviceIntervals' })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.EquipmentNotFound) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).serviceIntervals.get({ params: { id: 2_000_000_000 } }));
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });
});
