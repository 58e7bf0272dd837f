import { describe, expect, it } from 'vitest';
import { OrderType } from '../../contract/listQuery';
import {
  changingHeaders,
  boolean,
  eachLike,
  errorBody,
  integer,
  pact,
  pactClient,
  regex,
  string,
  failureOf,
} from './support';

const USER = 'user@acme-labs.example';
const day = (example: string) => regex(/^\d{4}-\d{2}-\d{2}$/.source, example);
const instant = (example: string) => regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.source, example);

/**
 * A row of the contract grid as the page's filter guarantees it: billed (billing date and status set) and with a
 * PO number. The last-updated time may be blank on any row, so the pact does not fix its type.
 */
const billedContract = {
  vendorContractId: string('C900000001'),
  poNumber: string('PO-9000001'),
  isPEContract: boolean(true),
  effectiveDate: day('2026-01-01'),
  contractExpiry: day('2026-12-31'),
  billingDate: day('2026-01-15'),
  billingStatus: string('PAID'),
  contractType: regex(/^(ZCEW|ZW01)$/.source, 'ZCEW'),
  createdTime: instant('2025-12-01T10:00:00.000Z'),
};

/** What the grid sends: the warranty contracts, billed, with a PO number, started by the end of 2026, ending last first. */
const body = {
  pageIndex: 0,
  pageSize: 20,
  filter: {
    contractType: ['ZCEW', 'ZW01'],
    billingStatus: ['PAID', 'OPEN'],
    poNumber: ['PO-'],
    effectiveDate: ['1970-01-01', '2026-12-31'],
  },
  orderSettings: [{ field: 'contractExpiry' as const, orderType: OrderType.Descending }],
};

describe('contract management (consumer)', () => {
  it('lists a page of the customer’s contracts, filtered and sorted', async () => {
    const provider = pact()
      .given('billed warranty contracts exist', { email: USER })
      .uponReceiving('a request for a page of billed warranty contracts')
      .withRequest({ method: 'POST', path: '/api/contract/list', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { items: eachLike(billedContract), totalCount: integer(1), totalCountExact: boolean(true) },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).contracts.list({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 1, totalCountExact: true } });
    });
  });

  it('asks for the count of the billed warranty contracts', async () => {
    const request = { filter: body.filter };
    const provider = pact()
      .given('billed warranty contracts exist', { email: USER })
      .uponReceiving('a request for the count of billed warranty contracts')
      .withRequest({ method: 'POST', path: '/api/contract/list/count', headers: changingHeaders, body: request })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { count: integer(1), exact: boolean(true) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).contracts.listCount({ body: request });
      expect(res.body).toMatchObject({ errorCode: 0, result: { count: 1, exact: true } });
    });
  });

  it('is refused to a user without the contract-management access code', async () => {
    const request = { pageIndex: 0, pageSize: 20, filter: {}, orderSettings: [] };
    const provider = pact()
      .given('a user without contract management')
      .uponReceiving('a request for contracts by a user without contract management')
      .withRequest({ method: 'POST', path: '/api/contract/list', headers: changingHeaders, body: request })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).contracts.list({ body: request }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });
});
