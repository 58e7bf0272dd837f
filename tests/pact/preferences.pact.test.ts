import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  boolean,
  changingHeaders,
  eachLike,
  integer,
  nullValue,
  pact,
  pactClient,
  string,
  XSRF_PLACEHOLDER,
} from './support';

/** Made by the provider state 'a saved view exists' under this id, anew for each interaction. */
const VIEW_ID = 900001;
/** Acme Labs, the first customer of the demo world. */
const ACME = 1;
const VALUE = JSON.stringify({ filter: [], sort: [{ field: 'serial', orderType: 0 }], mode: 'grid' });

const deleteHeaders = { 'x-xsrf-token': MatchersV3.string(XSRF_PLACEHOLDER) };

const preference = (overrides: Record<string, unknown> = {}) => ({
  preferenceId: integer(VIEW_ID),
  preferenceKey: string('calendar'),
  name: string('Saved view'),
  isDefault: boolean(false),
  value: string(VALUE),
  category: nullValue(),
  shareScope: string('private'),
  publicPreferenceId: nullValue(),
  userId: integer(1),
  ...overrides,
});

const ownView = (email: string, shareScope = 'private') =>
  ['a saved view exists', { email, preferenceId: VIEW_ID, preferenceKey: 'calendar', shareScope }] as const;

describe('preferences (consumer)', () => {
  it("lists the user's views and the public views of the customer", async () => {
    const query = { keys: 'calendar', includedDetail: 'true', publicPreferenceId: String(ACME) };
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .given(...ownView('manager@acme-labs.example', 'public'))
      .uponReceiving('a request for the calendar views with the public views of the customer')
      .withRequest({ method: 'GET', path: '/api/users/preference', query })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: eachLike(preference({ shareScope: string('public'), publicPreferenceId: integer(ACME) })),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.list({
        query: { keys: 'calendar', includedDetail: true, publicPreferenceId: ACME },
      });
      expect(res.body).toMatchObject({ errorCode: 0, result: [{ preferenceId: VIEW_ID, shareScope: 'public' }] });
    });
  });

  it('saves a new view', async () => {
    const body = {
      preferenceKey: 'inventory',
      name: 'Calibration due',
      isDefault: false,
      value: VALUE,
      category: null,
      shareScope: 'private' as const,
      publicPreferenceId: null,
    };
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .uponReceiving('a new saved view')
      .withRequest({ method: 'POST', path: '/api/Users/preference', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: preference({
            preferenceId: integer(12),
            preferenceKey: string('inventory'),
            name: string('Calibration due'),
          }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.create({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { name: 'Calibration due' } });
    });
  });

  it('updates an own view', async () => {
    const body = { preferenceId: VIEW_ID, name: 'Renamed view', value: VALUE, isDefault: false, category: null };
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .given(...ownView('user@acme-labs.example'))
      .uponReceiving('an update of an own view')
      .withRequest({ method: 'PUT', path: '/api/Users/preference', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: preference({ name: string('Renamed view') }) } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.update({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { name: 'Renamed view' } });
    });
  });

  it('makes an own view the default', async () => {
    const body = { preferenceId: VIEW_ID, preferenceKey: 'calendar' };
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .given(...ownView('user@acme-labs.example'))
      .uponReceiving('a new default view')
      .withRequest({ method: 'PUT', path: '/api/Users/preference/default', headers: changingHeaders, body })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.setDefault({ body });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it('shares an own view with the customer', async () => {
    const body = { preferenceId: VIEW_ID, shareScope: 'public' as const, publicPreferenceId: ACME };
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .given(...ownView('user@acme-labs.example'))
      .uponReceiving('a change of the scope of an own view to public')
      .withRequest({ method: 'PUT', path: '/api/users/preference/scope', headers: changingHeaders, body })
      .willRespondWith({
        status: 200,
        body: {
          errorCode: 0,
          result: preference({ shareScope: string('public'), publicPreferenceId: integer(ACME) }),
        },
      });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.setScope({ body });
      expect(res.body).toMatchObject({ errorCode: 0, result: { shareScope: 'public' } });
    });
  });

  it('deletes an own view', async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .given(...ownView('user@acme-labs.example'))
      .uponReceiving('a deletion of an own view')
      .withRequest({ method: 'DELETE', path: `/api/Users/preference/${VIEW_ID}`, headers: deleteHeaders })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.remove({ params: { id: VIEW_ID } });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });

  it("hides another user's public view", async () => {
    const provider = pact()
      .given('a signed-in user', { email: 'user@acme-labs.example' })
      .given(...ownView('manager@acme-labs.example', 'public'))
      .uponReceiving("a request to hide another user's public view")
      .withRequest({ method: 'DELETE', path: `/api/Users/preference/hidden/${VIEW_ID}`, headers: deleteHeaders })
      .willRespondWith({ status: 200, body: { errorCode: 0, result: null } });
    await provider.executeTest(async (server) => {
      const res = await pactClient(server.url).preferences.hide({ params: { id: VIEW_ID } });
      expect(res.body).toEqual({ errorCode: 0, result: null });
    });
  });
});
