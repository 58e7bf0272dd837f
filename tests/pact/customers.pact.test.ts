import { describe, expect, it } from 'vitest';
import {
  boolean,
  changingHeaders,
  eachLike,
  errorBody,
  integer,
  like,
  nullValue,
  pact,
  pactClient,
  regex,
  string,
  failureOf,
} from './support';

/** Customers of the fresh demo world, in the order the seed creates them. */
const GLOBEX = 2;
/** Acme's folder in the file store: a logo key lies in it (another customer's key is refused with 403). */
const ACME_LOGO_KEY = `6c195e07e6b76e8dc881ab61b74aafb9/CustomerLogo/${'c'.repeat(32)}.png`;
const INITECH = 3;

const customer = (overrides: Record<string, unknown> = {}) => ({
  id: integer(GLOBEX),
  name: string('Globex Corporation'),
  customerFolder: string('globex'),
  customizeAssetId: nullValue(),
  customizeGeneral1: nullValue(),
  customizeGeneral2: nullValue(),
  customizeGeneral3: nullValue(),
  customerLogoFileIdentifier: nullValue(),
  emailDomain: string('globex.example'),
  customerIdentifier: string('1000200'),
  ...overrides,
});

const ISO_INSTANT = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

describe('customers (consumer)', () => {
  it('a PE user looks up customers by keyword', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'pe@provider.example' })
      .uponReceiving('a customer lookup by a PE user')
      .withRequest({ method: 'GET', path: '/api/Users/customers', query: { keyword: 'globex', count: '100' } })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: eachLike(customer()) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.list({ query: { keyword: 'globex', count: 100 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ name: 'Globex Corporation' }] });
    });
  });

  it('refuses the customer lookup to a customer user', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a customer lookup by a standard user')
      .withRequest({ method: 'GET', path: '/api/Users/customers' })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(pactClient(server.url).customers.list({ query: {} }));
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });

  it("gives a PE user's latest customer switches", async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'pe@provider.example' })
      .given('a customer switch is recorded', { email: 'pe@provider.example', customerId: INITECH })
      .uponReceiving('a request for the customer switch history')
      .withRequest({ method: 'GET', path: '/api/Users/customers/history', query: { count: '5' } })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: eachLike({
            location: {
              locationId: nullValue(),
              customer: customer({ id: integer(INITECH), name: string('Initech Pharma') }),
            },
            switchedTime: regex(ISO_INSTANT, '2026-03-02T09:30:00.000Z'),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.history({ query: { count: 5 } });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ location: { customer: { id: INITECH } } }] });
    });
  });

  it('a PE user switches to another customer', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'pe@provider.example' })
      .uponReceiving('a customer switch')
      .withRequest({ method: 'PUT', path: `/api/Users/customer/${GLOBEX}`, headers: changingHeaders, body: {} })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.switchCustomer({ params: { customerId: GLOBEX }, body: {} });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it("an admin sets the customer's logo", async () => {
    const identifier = JSON.stringify({ fileName: 'acme.png', resourceKey: ACME_LOGO_KEY });
    const body = { customerLogoFileIdentifier: identifier };
    const provider = pact()
      .given('a signed-in user', { email: 'admin@acme-labs.example' })
      .given('the customer has no logo', { email: 'admin@acme-labs.example' })
      .given('a stored file', {
        email: 'admin@acme-labs.example',
        bucketName: 'portal-customer-logo',
        resourceKey: ACME_LOGO_KEY,
      })
      .uponReceiving('a new customer logo')
      .withRequest({ method: 'PUT', path: '/api/Users/customer/logo', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(
            customer({
              id: integer(1),
              name: string('Acme Labs'),
              customerFolder: string('acme'),
              customerLogoFileIdentifier: string(identifier),
              emailDomain: string('acme-labs.example'),
              customerIdentifier: string('1000100'),
            }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.updateLogo({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { customerLogoFileIdentifier: identifier } });
    });
  });

  it("a PE user renames a customer's asset id and general fields", async () => {
    const body = {
      customizeAssetId: 'Inventory tag',
      customizeGeneral1: 'Cost owner',
      customizeGeneral2: null,
      customizeGeneral3: '',
    };
    const provider = pact()
      .given('a signed-in user', { email: 'pe@provider.example' })
      .given('the customer has the generic field labels', { customerId: GLOBEX })
      .uponReceiving("a PE user's new field labels of a customer")
      .withRequest({
        method: 'PUT',
        path: `/api/Users/customers/${GLOBEX}/fieldLabels`,
        headers: changingHeaders,
        body,
      })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: like(
            customer({
              customizeAssetId: string('Inventory tag'),
              customizeGeneral1: string('Cost owner'),
            }),
          ),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.updateFieldLabels({ params: { customerId: GLOBEX }, body });
      expect(res.body).toMatchObject({
        errorCode: 0,
        result: { id: GLOBEX, customizeAssetId: 'Inventory tag', customizeGeneral2: null, customizeGeneral3: null },
      });
    });
  });

  it("refuses a customer's field labels to a customer user", async () => {
    const body = { customizeAssetId: 'Tag', customizeGeneral1: null, customizeGeneral2: null, customizeGeneral3: null };
    const provider = pact()
      .given('a signed-in user', { email: 'admin@globex.example' })
      .uponReceiving('new field labels of a customer from a customer admin')
      .withRequest({
        method: 'PUT',
        path: `/api/Users/customers/${GLOBEX}/fieldLabels`,
        headers: changingHeaders,
        body,
      })
      .willRespondWith({ status: 403, body: errorBody(403) });
    await provider.executeTest(async (server) => {
      const error = await failureOf(
        pactClient(server.url).customers.updateFieldLabels({ params: { customerId: GLOBEX }, body }),
      );
      expect(error).toMatchObject({ kind: 'http', status: 403 });
    });
  });

  it('tells whether the customer has an AssetGenius site', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@globex.example' })
      .uponReceiving('a question whether the customer has an AssetGenius site')
      .withRequest({
        method: 'POST',
        path: '/api/Equipment/HasAssetGeniusSite',
        query: { customerId: String(GLOBEX) },
        headers: changingHeaders,
        body: {},
      })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: boolean(true) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).customers.hasAssetGeniusSite({
        query: { customerId: GLOBEX },
        body: {},
      });
      expect(res.body).toEqual({ errorCode: 0, result: true });
    });
  });
});
