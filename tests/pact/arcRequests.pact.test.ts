import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { eachLike, integer, pact, pactClient, regex, string, failureOf } from './support';

/*
 * View ARC requests (spec 2 row menu): the contract change requests of an instrument by anyone of the customer,
 * newest first, paged; an instrument the customer does not have is errorCode 10002.
 */

const USER = 'user@acme-labs.example';
const EXAMPLE_ID = 8;
const withRequests = ['an instrument with contract change requests', { email: USER }] as const;
const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

describe('View ARC requests (consumer)', () => {
  it('reads a page of the contract change requests of an instrument, newest first', async () => {
    const provider = pact()
      .given(...withRequests)
      .uponReceiving('a request for a page of the contract change requests of an instrument')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${equipmentId}/contract/request',
          `/api/Equipment/${EXAMPLE_ID}/contract/request`,
        ),
        query: { pageIndex: '0', pageSize: '10' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike({
              id: integer(41),
              reference: regex('^CR-\\d{6,}$', 'CR-000041'),
              status: regex('^(SUBMITTED|IN_PROGRESS|CLOSED)$', 'IN_PROGRESS'),
              createdOn: regex(ISO_INSTANT, '2026-11-20T14:30:00.000Z'),
              requesterName: string('Mark Manager'),
              contactMethod: integer(2),
              interestedIn: string('Gold'),
              additionalSolutionsFor: string('Column ovens'),
              comments: string('Add weekend coverage.'),
            }),
            totalCount: integer(2),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.contractRequests({
        params: { id: EXAMPLE_ID },
        query: { pageIndex: 0, pageSize: 10 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 2 } });
    });
  });

  it('answers 10002 for an instrument the customer does not have', async () => {
    const provider = pact()
      .given(...withRequests)
      .uponReceiving('a request for the contract change requests of an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000/contract/request' })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No equipment 2000000000') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.contractRequests({ params: { id: 2_000_000_000 }, query: {} }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });
});
