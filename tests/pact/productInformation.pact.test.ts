import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { ErrorCode } from '../../contract/errors';
import { changingHeaders, pact, pactClient, string, failureOf } from './support';

const USER = 'user@acme-labs.example';
const EXAMPLE_ID = 12;
const withProductInfo = ['an instrument with product information exists', { email: USER }] as const;

describe('product information (consumer)', () => {
  it('reads the resource block of the instrument’s product page', async () => {
    const provider = pact()
      .given(...withProductInfo)
      .uponReceiving('a request for the resources of an instrument’s product page')
      .withRequest({
        method: 'GET',
        path: MatchersV3.fromProviderState(
          '/api/Equipment/${equipmentId}/productResources',
          `/api/Equipment/${EXAMPLE_ID}/productResources`,
        ),
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            html: MatchersV3.regex(
              '^[\\s\\S]*<a href="https?://[^"]+" target="_blank" rel="noopener noreferrer">[\\s\\S]*$',
              '<section><h2>Resources</h2><ul><li><a href="https://products.example/p/resources/brochure" target="_blank" rel="noopener noreferrer">Brochure</a></li></ul></section>',
            ),
            sourceUrl: string('https://products.example/p/'),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.productResources({ params: { id: EXAMPLE_ID }, query: {} });
      expect(res.body).toMatchObject({ errorCode: 0, result: { sourceUrl: 'https://products.example/p/' } });
    });
  });

  it('answers 10002 for the resources of an instrument the customer does not have', async () => {
    const provider = pact()
      .given(...withProductInfo)
      .uponReceiving('a request for the product resources of an instrument that is not the customer’s')
      .withRequest({ method: 'GET', path: '/api/Equipment/2000000000/productResources' })
      .willRespondWith({
        status: 200,
        body: { errorCode: ErrorCode.EquipmentNotFound, errorMessage: string('No equipment 2000000000') },
      });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).equipment.productResources({
          params: { id: 2_000_000_000 },
          query: {},
          silent: true,
        }),
      );
      expect(error).toMatchObject({ kind: 'api', errorCode: ErrorCode.EquipmentNotFound });
    });
  });

  it('asks for more information about the instrument’s product', async () => {
    const body = {
      equipmentId: EXAMPLE_ID,
      firstName: 'Uma',
      lastName: 'Standard',
      emailAddress: 'user@acme-labs.example',
      telephone: '+1 617 555 0101',
      companyName: 'Acme Labs',
      countryId: 57,
      country: 'Germany',
      contactMethod: 1 as const,
      comments: 'Which accessories fit?',
    };
    const provider = pact()
      .given(...withProductInfo)
      .uponReceiving('a request for more information about an instrument’s product')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/MarketInfo/Request',
        headers: changingHeaders,
        body: { ...body, equipmentId: MatchersV3.fromProviderState('${equipmentId}', EXAMPLE_ID) },
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).equipment.requestMarketInfo({ body });
      expect(res.body).toMatchObject({ errorCode: 0 });
    });
  });
});
