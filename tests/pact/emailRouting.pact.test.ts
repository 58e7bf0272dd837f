import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { countryIdOf } from '../../api-mock/src/lib/countries';
import {
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  nullValue,
  pact,
  pactClient,
  string,
  failureOf,
} from './support';

/*
 * Notification e-mail routing (spec 3 "E-mail routing"): provider staff with the routing code read and save the
 * routing of All, of a country and of a region; a customer user is refused.
 */

const PE = 'pe@provider.example';
const toEdit = ['e-mail routing to edit', { email: PE }] as const;
const DE = countryIdOf('DE');
const US = countryIdOf('US');
const EXAMPLE_REGION = 22;

const routing = (countryId: unknown) => ({
  id: integer(3),
  countryId,
  adminEmails: string('service@provider.example'),
  contractChangeEmails: string('contracts@provider.example'),
  contactUsSalesEmailAddress: string('sales@provider.example'),
  contactUsInstrumentRelocationEmailAddress: string('instrument-relocation@provider.example'),
  contactUsTechnicalSupportEmailAddress: string('technical-support@provider.example'),
});

const germany = {
  id: null,
  countryId: DE,
  adminEmails: 'de-service@provider.example; de-lab@provider.example',
  contractChangeEmails: 'de-contracts@provider.example',
  contactUsSalesEmailAddress: 'de-sales@provider.example',
  contactUsInstrumentRelocationEmailAddress: '',
  contactUsTechnicalSupportEmailAddress: '',
};

describe('e-mail routing (consumer)', () => {
  it('reads the routing of All', async () => {
    const provider = pact()
      .given(...toEdit)
      .uponReceiving('a request for the e-mail routing of All')
      .withRequest({ method: 'GET', path: '/api/Country/emails' })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { countryEmailRouting: routing(nullValue()) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).countryEmailRouting.getCountryEmails({ query: {} });
      expect(res.body).toMatchObject({ errorCode: 0, result: { countryEmailRouting: { countryId: null } } });
    });
  });

  it('reads the routing of a country', async () => {
    const provider = pact()
      .given(...toEdit)
      .uponReceiving('a request for the e-mail routing of a country')
      .withRequest({ method: 'GET', path: '/api/Country/emails', query: { countryId: String(DE) } })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: { countryEmailRouting: routing(integer(DE)) } } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).countryEmailRouting.getCountryEmails({ query: { countryId: DE } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { countryEmailRouting: { countryId: DE } } });
    });
  });

  it('saves the routing of a country', async () => {
    const provider = pact()
      .given(...toEdit)
      .uponReceiving('a request to save the e-mail routing of a country')
      .withRequest({ method: 'PUT', path: '/api/Country/emails', headers: changingHeaders, body: germany })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: { ...routing(integer(DE)), adminEmails: string(germany.adminEmails) },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).countryEmailRouting.updateCountryEmails({ body: germany });
      expect(res.body).toMatchObject({ errorCode: 0, result: { countryId: DE } });
    });
  });

  it('lists the regions of a country with their e-mails', async () => {
    const provider = pact()
      .given(...toEdit)
      .uponReceiving('a request for the regions of a country')
      .withRequest({ method: 'GET', path: `/api/Country/${US}/regionEmails` })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            id: integer(US),
            regions: eachLike({ regionId: integer(1), name: string('Alabama'), adminEmails: string('') }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).countryEmailRouting.getRegionEmails({ params: { countryId: US } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { id: US } });
    });
  });

  it('saves the e-mails of a region', async () => {
    const body = { regionId: EXAMPLE_REGION, adminEmails: 'ma-service@provider.example' };
    const provider = pact()
      .given(...toEdit)
      .uponReceiving('a request to save the e-mails of a region')
      .withRequest({
        method: 'PUT',
        path: `/api/Country/${US}/regionEmails`,
        headers: changingHeaders,
        body: { ...body, regionId: MatchersV3.fromProviderState('${regionId}', EXAMPLE_REGION) },
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            regionId: integer(EXAMPLE_REGION),
            name: string('Massachusetts'),
            adminEmails: string(body.adminEmails),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).countryEmailRouting.updateRegionEmails({
        params: { countryId: US },
        body,
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: { name: 'Massachusetts' } });
    });
  });

  it('is refused to a customer user', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a request for the e-mail routing by a customer user')
      .withRequest({ method: 'GET', path: '/api/Country/emails' })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).countryEmailRouting.getCountryEmails({ query: {} }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });
});
