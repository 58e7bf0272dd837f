import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import type { EquipmentFilterFieldsQuery, EquipmentListQuery } from '../../contract/equipment';
import { ErrorCode } from '../../contract/errors';
import { boolean, changingHeaders, eachLike, errorBody, integer, pact, pactClient, string, failureOf } from './support';

/** Example values of the state 'a PE user switched to a customer with products' (productsManagementStates.ts). */
const EXAMPLE = { firstId: 12, secondId: 13, foreignId: 2101 };
const PE = 'pe@provider.example';
const switched = ['a PE user switched to a customer with products', { email: PE }] as const;
const fromState = (key: keyof typeof EXAMPLE) => MatchersV3.fromProviderState(`\${${key}}`, EXAMPLE[key]);

const listQuery: EquipmentListQuery = {
  pageIndex: 0,
  pageSize: 30,
  isFollowed: false,
  listType: 'productsManagement',
  filterSettings: [],
  orderSettings: [
    { field: 'changedOnCust', orderType: 1 },
    { field: 'serial', orderType: 0 },
  ],
  fullTextSearchSetting: null,
};

describe('products management (consumer)', () => {
  it("lists a page of the switched customer's equipment, hidden instruments included", async () => {
    const provider = pact()
      .given(...switched)
      .uponReceiving('a request for a page of the products-management grid')
      .withRequest({ method: 'POST', path: '/api/Equipment/list', headers: changingHeaders, body: listQuery })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: eachLike({
              equipmentId: integer(12),
              serial: string('PE-590-0042'),
              isHidden: boolean(false),
              documentCount: integer(0),
            }),
            totalCount: integer(120),
            totalCountExact: boolean(true),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.list({ body: listQuery });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 120, totalCountExact: true } });
    });
  });

  it('suggests the values of a products-management column', async () => {
    const body: EquipmentFilterFieldsQuery = {
      pageIndex: 0,
      pageSize: 100,
      selectFields: ['mfg'],
      filterSettings: [],
      fullTextSearchSetting: null,
      isFollowed: false,
      listType: 'productsManagement',
    };
    const provider = pact()
      .given(...switched)
      .uponReceiving('a request for the filter suggestions of the make column of products management')
      .withRequest({ method: 'POST', path: '/api/Equipment/FilterFields', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { mfg: eachLike('PerkinElmer') } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.filterFields({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { mfg: ['PerkinElmer'] } });
    });
  });

  it('saves the edited rows of the grid together', async () => {
    const rows = [
      { equipmentId: EXAMPLE.firstId, partNumber: 'N6520000', contactEmail: 'pat.primary@acme-labs.example' },
      { equipmentId: EXAMPLE.secondId, contactPhone: '+1 (617) 555-0101', isHidden: false },
    ];
    const provider = pact()
      .given(...switched)
      .uponReceiving('a request to save two edited products-management rows')
      .withRequest({
        method: 'PUT',
        path: '/api/Equipment/editingList',
        headers: changingHeaders,
        body: [
          { ...rows[0], equipmentId: fromState('firstId') },
          { ...rows[1], equipmentId: fromState('secondId') },
        ],
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { updatedCount: integer(2) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.updateEditingList({ body: rows });
      expect(res.body).toEqual({ errorCode: 0, result: { updatedCount: 2 } });
    });
  });

  it("refuses the whole batch when a row is another customer's equipment", async () => {
    const rows = [
      { equipmentId: EXAMPLE.firstId, contactName: 'Pat Primary' },
      { equipmentId: EXAMPLE.foreignId, contactName: 'Not Theirs' },
    ];
    const provider = pact()
      .given(...switched)
      .uponReceiving("a request to save products-management rows with another customer's equipment")
      .withRequest({
        method: 'PUT',
        path: '/api/Equipment/editingList',
        headers: changingHeaders,
        body: [
          { ...rows[0], equipmentId: fromState('firstId') },
          { ...rows[1], equipmentId: fromState('foreignId') },
        ],
      })
      .willRespondWith({ status: 200, body: errorBody(ErrorCode.EquipmentNotFound) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).equipment.updateEditingList({ body: rows }));
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('refuses a customer user the products-management save (403)', async () => {
    const rows = [{ equipmentId: EXAMPLE.firstId, contactName: 'Pat Primary' }];
    const provider = pact()
      .given('a signed-in user', { email: 'admin@acme-labs.example' })
      .uponReceiving('a request of a customer admin to save products-management rows')
      .withRequest({ method: 'PUT', path: '/api/Equipment/editingList', headers: changingHeaders, body: rows })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).equipment.updateEditingList({ body: rows }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });
});
