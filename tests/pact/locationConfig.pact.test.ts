import { describe, expect, it } from 'vitest';
import { eachLike, errorBody, integer, like, pact, pactClient, string, failureOf } from './support';

/** Locations of the fresh demo world: Acme Labs has 1 to 3 (Boston first), Globex 4 to 6. */
const BOSTON = 1;
const SPRINGFIELD = 4;

describe('location (consumer)', () => {
  it("lists the locations of the user's customer", async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a request for the location summary')
      .withRequest({ method: 'GET', path: '/api/Location/summary' })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: eachLike({
            locationId: integer(BOSTON),
            city: string('Boston'),
            siteAddress: string('100 Summer St'),
            countryCode: string('US'),
            companyName: string('Acme Labs'),
            countryId: integer(233),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).location.summary();
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ city: 'Boston' }] });
    });
  });

  it('gives one location of the current customer', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a request for a location of the own customer')
      .withRequest({ method: 'GET', path: `/api/Location/${BOSTON}` })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like({
            locationId: BOSTON,
            customerId: 1,
            encryptedCustomerId: '6c195e07e6b76e8dc881ab61b74aafb9',
            companyName: 'Acme Labs',
            address: '100 Summer St',
            city: 'Boston',
            state: 'MA',
            zip: '02110',
            countryId: 233,
            countryCode: 'US',
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).location.get({ params: { locationId: BOSTON } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { city: 'Boston', state: 'MA' } });
    });
  });

  it('answers 404 for a location of another customer', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a request for a location of another customer')
      .withRequest({ method: 'GET', path: `/api/Location/${SPRINGFIELD}` })
      .willRespondWith({ status: 404, body: errorBody(404) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).location.get({ params: { locationId: SPRINGFIELD } }));
      expect(error).toMatchObject({ kind: 'http', status: 404 });
    });
  });

  it('a PE user searches the locations of all customers', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'pe@provider.example' })
      .uponReceiving('a location search by a PE user')
      .withRequest({ method: 'GET', path: '/api/Location', query: { keyword: 'Springfield', count: '100' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: eachLike({
            locationId: integer(SPRINGFIELD),
            customerId: integer(2),
            customerNo: string('1000200'),
            companyName: string('Globex Corporation'),
            city: string('Springfield'),
            countryCode: string('US'),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).location.search({ query: { keyword: 'Springfield', count: 100 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ city: 'Springfield' }] });
    });
  });
});

describe('configuration (consumer)', () => {
  it('reads the languages, countries and system notice', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a request for the system configuration in German')
      .withRequest({ method: 'GET', path: '/api/Configuration/SystemConfig', query: { languageId: '4' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            languages: eachLike({ languageId: integer(1), languageCode: string('en-us'), name: string('English') }),
            countries: eachLike({ countryId: integer(57), countryCode: string('DE'), name: string('Deutschland') }),
            notificationMessage: like({ messageId: 1, message: 'Scheduled maintenance' }),
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).configuration.systemConfig({ query: { languageId: 4 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { languages: [{ languageCode: 'en-us' }] } });
    });
  });

  it('reads the option settings', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a request for the option settings')
      .withRequest({ method: 'GET', path: '/api/Configuration/OptionSettings' })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: {
            serviceTypes: eachLike({ id: integer(7), group: string('ServiceWork'), name: string('serviceWork_7') }),
            priorities: eachLike({ id: integer(1), name: string('priority_urgent') }),
            defaultPageSize: integer(100),
            contractCodes: { warranty: eachLike(string('ZCEW')), service: eachLike(string('ZCEG')) },
          },
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).configuration.optionSettings();
      expect(res.body).toMatchObject({ errorCode: 0, result: { defaultPageSize: 100 } });
    });
  });

  it("autocompletes the makes of the customer's equipment", async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a make autocomplete')
      .withRequest({ method: 'GET', path: '/api/Configuration/Vendor', query: { keyword: 'Perkin', count: '100' } })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(string('PerkinElmer')) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).configuration.vendors({ query: { keyword: 'Perkin', count: 100 } });
      expect(res.body).toEqual({ errorCode: 0, result: ['PerkinElmer'] });
    });
  });

  it("autocompletes the models of one make of the customer's equipment", async () => {
    const query = { keyword: 'LAMBDA', count: '100', vendor: 'PerkinElmer' };
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a model autocomplete for one make')
      .withRequest({ method: 'GET', path: '/api/Configuration/Model', query })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(string('LAMBDA 365')) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).configuration.models({
        query: { keyword: 'LAMBDA', count: 100, vendor: 'PerkinElmer' },
      });
      expect(res.body).toEqual({ errorCode: 0, result: ['LAMBDA 365'] });
    });
  });
});
