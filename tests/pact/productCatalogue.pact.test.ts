import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { changingHeaders, integer, pact, pactClient, string } from './support';

const PE = 'pe@provider.example';
const EXAMPLE_PART = 'PACT-CAT-0001';
const EXAMPLE_KEY = '6c195e07e6b76e8dc881ab61b74aafb9/ProductMarketInfo/0123456789abcdef0123456789abcdef.xlsx';
const BUCKET = 'portal-product-market-info';

const catalogueRow = {
  partNumber: string(EXAMPLE_PART),
  displayName: MatchersV3.nullValue(),
  brandName: string('Pact Instruments'),
  modelName: string('PI-1'),
  shortDescription: string('<p>Short</p>'),
  longDescription: string('<p>Long</p>'),
  length: MatchersV3.nullValue(),
  depth: MatchersV3.nullValue(),
  height: MatchersV3.nullValue(),
  width: MatchersV3.nullValue(),
  weight: MatchersV3.nullValue(),
  largeImageUrl: MatchersV3.nullValue(),
  productUrl: MatchersV3.nullValue(),
  createTime: MatchersV3.datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-01-02T03:04:05.678Z'),
  metaDescription: MatchersV3.nullValue(),
};

describe('product catalogue (consumer)', () => {
  it('lists a page of the catalogue filtered by part number', async () => {
    const provider = pact()
      .given('a catalogue administrator is signed in', { email: PE })
      .uponReceiving('a request for a catalogue page filtered by part number')
      .withRequest({
        method: 'GET',
        path: '/api/Configuration/productMarketInfo',
        query: { keyword: 'PACT-CAT', pageIndex: '0', pageSize: '20' },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            items: MatchersV3.eachLike({
              partNumber: MatchersV3.regex('^.*PACT-CAT.*$', EXAMPLE_PART),
              brandName: string('Pact Instruments'),
              modelName: string('PI-1'),
              createTime: MatchersV3.datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-01-02T03:04:05.678Z'),
            }),
            totalCount: integer(1),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).productMarketInfo.list({
        query: { keyword: 'PACT-CAT', pageIndex: 0, pageSize: 20 },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { totalCount: 1 } });
    });
  });

  it('imports a catalogue file uploaded to storage', async () => {
    const provider = pact()
      .given('a catalogue file is uploaded', { email: PE })
      .uponReceiving('a request to import an uploaded catalogue file')
      .withRequest({
        method: 'PUT',
        path: '/api/Configuration/productMarketInfo',
        headers: changingHeaders,
        body: {
          resourceKey: MatchersV3.fromProviderState('${resourceKey}', EXAMPLE_KEY),
          bucketName: MatchersV3.fromProviderState('${bucketName}', BUCKET),
        },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { importedCount: integer(2) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).productMarketInfo.import({
        body: { resourceKey: EXAMPLE_KEY, bucketName: BUCKET },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { importedCount: 2 } });
    });
  });

  it('saves the two descriptions of a part number', async () => {
    const body = { shortDescription: '<p>Short</p>', longDescription: '<p>Long</p>' };
    const provider = pact()
      .given('a catalogue administrator is signed in', { email: PE })
      .uponReceiving('a request to save the descriptions of a catalogue product')
      .withRequest({
        method: 'PUT',
        path: MatchersV3.fromProviderState(
          '/api/Configuration/productMarketInfo/${partNumber}',
          `/api/Configuration/productMarketInfo/${EXAMPLE_PART}`,
        ),
        headers: changingHeaders,
        body,
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: catalogueRow } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).productMarketInfo.updateDescriptions({
        params: { partNumber: EXAMPLE_PART },
        body,
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { partNumber: EXAMPLE_PART } });
    });
  });
});
