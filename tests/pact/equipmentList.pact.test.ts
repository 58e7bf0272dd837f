import { describe, expect, it } from 'vitest';
import { IMPORT_TEMPLATE_FILE_NAME } from '../../contract/importProduct';
import { FilterOperator, OrderType, XLSX_CONTENT_TYPE } from '../../contract/listQuery';
import { boolean, changingHeaders, eachLike, integer, like, pact, pactClient, regex, string } from './support';

const signedIn = ['a signed-in user', { email: 'user@acme-labs.example' }] as const;

/** Fields every equipment row has (nullable fields vary by row, so they are left out of the match). */
const equipmentRow = {
  equipmentId: integer(1),
  mfg: string('PerkinElmer'),
  model: string('LAMBDA 365'),
  isMine: boolean(true),
  isNew: boolean(false),
  documentCount: integer(0),
  location: like({ locationId: integer(1), city: string('Boston') }),
};

describe('equipment list (consumer)', () => {
  it('asks for a page of the user list with a search, two filters and a sort', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 30,
      isFollowed: true,
      listType: 'inventory',
      fullTextSearchSetting: { keyword: 'perkin' },
      filterSettings: [
        { field: 'dtype', operator: FilterOperator.In, value: ['ICP-OES'] },
        { field: 'floor', operator: FilterOperator.NotBlank, value: [] },
      ],
      orderSettings: [{ field: 'serial', orderType: OrderType.Descending }],
    };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for a filtered, sorted page of the inventory')
      .withRequest({ method: 'POST', path: '/api/Equipment/list', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { items: eachLike(equipmentRow), totalCount: integer(12), totalCountExact: boolean(true) },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.list({ body: body as never });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 12, totalCountExact: true } });
    });
  });

  it('asks for the count of a search the list could only count up to its cap', async () => {
    const body = {
      isFollowed: false,
      listType: 'inventory',
      fullTextSearchSetting: { keyword: 'perkin' },
      filterSettings: [{ field: 'floor', operator: FilterOperator.NotBlank, value: [] }],
    };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the count of a filtered inventory')
      .withRequest({ method: 'POST', path: '/api/Equipment/list/count', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { count: integer(12), exact: boolean(true) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.listCount({ body: body as never });
      expect(res.body).toMatchObject({ errorCode: 0, result: { count: 12, exact: true } });
    });
  });

  it('asks for the filter suggestions of two columns no equipment leaves blank', async () => {
    const body = {
      pageSize: 100,
      pageIndex: 0,
      isFollowed: true,
      listType: 'inventory',
      selectFields: ['mfg', 'model'],
      filterSettings: [],
    };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the filter suggestions of the make and model columns')
      .withRequest({ method: 'POST', path: '/api/Equipment/FilterFields', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: { errorCode: 0, result: { mfg: eachLike('Agilent'), model: eachLike('1260 Infinity II') } },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.filterFields({ body: body as never });
      expect(res.body).toMatchObject({ errorCode: 0, result: { mfg: ['Agilent'] } });
    });
  });

  it('asks for the suggestions of a column that contain the words typed in its filter', async () => {
    const body = {
      pageSize: 100,
      pageIndex: 0,
      isFollowed: true,
      listType: 'inventory',
      selectFields: ['mfg'],
      filterSettings: [],
      valueSearch: 'agil',
    };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the makes that contain the words typed in the column filter')
      .withRequest({ method: 'POST', path: '/api/Equipment/FilterFields', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { mfg: eachLike('Agilent') } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.filterFields({ body: body as never });
      expect(res.body).toMatchObject({ errorCode: 0, result: { mfg: ['Agilent'] } });
    });
  });

  it('asks for the values of one field containing a keyword', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the models containing a keyword')
      .withRequest({
        method: 'GET',
        path: '/api/Equipment/fieldOption',
        query: { optionType: 'model', keyword: 'lambda', count: '100' },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { fieldOptions: eachLike('LAMBDA 365') } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.fieldOption({
        query: { optionType: 'model', keyword: 'lambda', count: 100 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { fieldOptions: ['LAMBDA 365'] } });
    });
  });

  it('exports the filtered list with the visible columns', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 0,
      isFollowed: true,
      listType: 'inventory',
      filterSettings: [{ field: 'mfg', operator: FilterOperator.In, value: ['Agilent'] }],
      orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
      layoutContent: {
        columnOrderKeys: ['serial', 'mfg'],
        columnShowKeys: ['serial', 'mfg'],
        columnHeaders: { serial: 'Serial number', mfg: 'Make' },
      },
    };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request to export the filtered inventory')
      .withRequest({ method: 'POST', path: '/api/Equipment/export', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': XLSX_CONTENT_TYPE,
          'Content-Disposition': regex(
            /^attachment; filename="Product_\d{8}\.xlsx"$/.source,
            'attachment; filename="Product_20261122.xlsx"',
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.export({ body: body as never });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Product_20261122.xlsx"');
    });
  });

  it('downloads the import template with the customer’s field labels', async () => {
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request for the import template of the customer')
      .withRequest({ method: 'GET', path: '/api/Equipment/importTemplate' })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': XLSX_CONTENT_TYPE,
          'Content-Disposition': `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`,
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.importTemplate({});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE);
    });
  });

  it('exports only the selected rows of the list', async () => {
    const body = {
      pageIndex: 0,
      pageSize: 0,
      isFollowed: true,
      listType: 'inventory',
      filterSettings: [],
      orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
      layoutContent: {
        columnOrderKeys: ['serial'],
        columnShowKeys: ['serial'],
        columnHeaders: { serial: 'Serial number' },
      },
      equipmentIds: [3, 1, 2],
    };
    const provider = pact()
      .given(...signedIn)
      .uponReceiving('a request to export the selected rows of the inventory')
      .withRequest({ method: 'POST', path: '/api/Equipment/export', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        headers: {
          'Content-Type': XLSX_CONTENT_TYPE,
          'Content-Disposition': regex(
            /^attachment; filename="Product_\d{8}\.xlsx"$/.source,
            'attachment; filename="Product_20261129.xlsx"',
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.export({ body: body as never });
      expect(res.status).toBe(200);
    });
  });
});
