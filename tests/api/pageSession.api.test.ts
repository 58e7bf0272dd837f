import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../contract/errors';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

/**
 * A tab keeps the customer and user it loaded while another tab switches the customer or signs in someone else
 * (spec 1 sections 7 and 8): the server answers 1041, 1084 or 16006 and changes nothing.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
const customerIds: Record<string, number> = {};
beforeAll(async () => {
  server = await startApiServer();
  for (const c of await db().selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    customerIds[c.customer_folder] = c.id;
  }
});
afterAll(() => server.close());

const db = () => server.database.db;
const acme = () => customerIds.acme!;
const globex = () => customerIds.globex!;
const LOGO = JSON.stringify({ fileName: 'globex.png', resourceKey: 'logos/globex.png' });

const logoOf = async (id: number) =>
  (await db().selectFrom('customers').select('logo_file_identifier').where('id', '=', id).executeTakeFirstOrThrow())
    .logo_file_identifier;
const logoEvents = async () =>
  (
    await db()
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_type', 'in', ['customer.logoChanged', 'customer.logoRemoved'])
      .executeTakeFirstOrThrow()
  ).n;

/** A PE user's browser that worked for Acme, then switched to Globex (in another tab). */
async function peSwitchedToGlobex() {
  const agent = await signedIn(server.app, 'pe@provider.example');
  const back = await agent.client.customers.switchCustomer({ params: { customerId: acme() }, body: {} });
  expect(back.body).toMatchObject({ errorCode: 0 });
  const to = await agent.client.customers.switchCustomer({
    params: { customerId: globex() },
    query: { userCustomerId: acme() },
    body: {},
  });
  expect(to.body).toMatchObject({ errorCode: 0 });
  return agent;
}

describe('userCustomerId: the customer the page shows (1041)', () => {
  it("an older tab's save for the previous customer answers 1041 and writes nothing into the new customer", async () => {
    const { client } = await peSwitchedToGlobex();
    await db().updateTable('customers').set({ logo_file_identifier: LOGO }).where('id', '=', globex()).execute();
    const events = await logoEvents();
    const stale = await client.customers.updateLogo({
      query: { userCustomerId: acme() },
      body: { customerLogoFileIdentifier: '' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual({ errorCode: ErrorCode.CustomerChanged, errorMessage: expect.any(String) });
    expect(await logoOf(globex())).toBe(LOGO);
    expect(await logoEvents()).toBe(events);

    const current = await client.customers.updateLogo({
      query: { userCustomerId: globex() },
      body: { customerLogoFileIdentifier: '' },
    });
    expect(current.body).toMatchObject({ errorCode: 0 });
    expect(await logoOf(globex())).toBeNull();
  });

  it('a call without userCustomerId (a tool, curl) is not compared', async () => {
    const { client } = await peSwitchedToGlobex();
    await db().updateTable('customers').set({ logo_file_identifier: LOGO }).where('id', '=', globex()).execute();
    const res = await client.customers.updateLogo({ body: { customerLogoFileIdentifier: '' } });
    expect(res.body).toMatchObject({ errorCode: 0 });
    expect(await logoOf(globex())).toBeNull();
  });

  it('reads answer 1041 as well', async () => {
    const { client } = await peSwitchedToGlobex();
    for (const res of [
      await client.users.me({ query: { userCustomerId: acme() } }),
      await client.customers.history({ query: { userCustomerId: acme() } }),
      await client.equipment.list({ query: { userCustomerId: acme() }, body: {} }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errorCode: ErrorCode.CustomerChanged });
    }
    const me = await client.users.me({ query: { userCustomerId: globex() } });
    expect(me.body).toMatchObject({ errorCode: 0, result: { userLocation: { customerId: globex() } } });
  });

  it('the admin API compares it too', async () => {
    const { adminClient } = await peSwitchedToGlobex();
    const res = await adminClient.users.me({ query: { userCustomerId: acme() } });
    expect(res.body).toMatchObject({ errorCode: ErrorCode.CustomerChanged });
  });

  it('switching customer, signing out and in again are served whatever customer the page showed', async () => {
    const agent = await peSwitchedToGlobex();
    const switched = await agent.client.customers.switchCustomer({
      params: { customerId: acme() },
      query: { userCustomerId: customerIds.initech! },
      body: {},
    });
    expect(switched.body).toMatchObject({ errorCode: 0 });
    const out = await agent.client.account.logout({ query: { userCustomerId: globex() }, body: {} });
    expect(out.body).toMatchObject({ errorCode: 0 });
    const again = await agent.client.account.login({
      query: { userCustomerId: globex() },
      body: { emailAddress: 'pe@provider.example', password: 'Portal2026' },
    });
    expect(again.body).toMatchObject({ errorCode: 0 });
  });

  it('a customer user sending its own customer is served', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await client.equipment.list({ query: { userCustomerId: acme() }, body: {} });
    expect(res.body).toMatchObject({ errorCode: 0 });
  });

  it('answers a userCustomerId that is not a customer id with 400, signed in or not', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    for (const query of ['userCustomerId=abc', 'userCustomerId=1.5', 'userCustomerId=-1', 'userCustomerId=1e99']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/users/me?${query}`,
        cookies: Object.fromEntries(jar),
      });
      expect(res.statusCode, query).toBe(400);
    }
    const signedOut = await server.app.inject({
      method: 'GET',
      url: '/api/Configuration/SystemConfig?userCustomerId=x',
    });
    expect(signedOut.statusCode).toBe(400);
  });
});

describe('the anti-forgery token names the page user (1084)', () => {
  const tokenOf = (jar: Map<string, string>) => jar.get('XSRF-TOKEN')!;

  it("a tab still holding the first user's token is answered 1084 once another user signed in, and changes nothing", async () => {
    const browser = await signedIn(server.app, 'admin@acme-labs.example');
    const adaToken = tokenOf(browser.jar);
    // Another tab of the same browser signs in as Uma.
    const other = await browser.client.account.login({
      body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
    });
    expect(other.body).toMatchObject({ errorCode: 0 });
    await db().updateTable('customers').set({ logo_file_identifier: LOGO }).where('id', '=', acme()).execute();
    const cookies = Object.fromEntries(browser.jar);
    const save = await server.app.inject({
      method: 'PUT',
      url: '/api/Users/customer/logo',
      payload: { customerLogoFileIdentifier: '' },
      headers: { 'x-xsrf-token': adaToken },
      cookies,
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toEqual({ errorCode: ErrorCode.LoggedInUserChanged, errorMessage: expect.any(String) });
    expect(await logoOf(acme())).toBe(LOGO);
    const read = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { 'x-xsrf-token': adaToken },
      cookies,
    });
    expect(read.json()).toMatchObject({ errorCode: ErrorCode.LoggedInUserChanged });
    // The tab of the user now signed in is served.
    const current = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { 'x-xsrf-token': tokenOf(browser.jar) },
      cookies,
    });
    expect(current.json()).toMatchObject({ errorCode: 0, result: { emailAddress: 'user@acme-labs.example' } });
    await db().updateTable('customers').set({ logo_file_identifier: null }).where('id', '=', acme()).execute();
  });

  it('the same user signing in again is not a change of user: an older token is refused as before (403)', async () => {
    const browser = await signedIn(server.app, 'admin@acme-labs.example');
    const before = tokenOf(browser.jar);
    await browser.client.account.login({ body: { emailAddress: 'admin@acme-labs.example', password: 'Portal2026' } });
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/Users/customer/logo',
      payload: { customerLogoFileIdentifier: '' },
      headers: { 'x-xsrf-token': before },
      cookies: Object.fromEntries(browser.jar),
    });
    expect(res.statusCode).toBe(403);
  });

  it('a token with a made-up user is refused as a forgery (403), never 1084', async () => {
    const browser = await signedIn(server.app, 'admin@acme-labs.example');
    const [nonce, , tag, mac] = tokenOf(browser.jar).split('.');
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/Users/customer/logo',
      payload: { customerLogoFileIdentifier: '' },
      headers: { 'x-xsrf-token': `${nonce}.1.${tag}.${mac}` },
      cookies: Object.fromEntries(browser.jar),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a user without a location (16006)', () => {
  it('is answered 16006 outside the profile completion, changes nothing, and is served once the profile is complete', async () => {
    const { client } = await signedIn(server.app, 'new@acme-labs.example');
    const nora = await db()
      .selectFrom('users')
      .select(['id', 'has_linked_equipment'])
      .where('email', '=', 'new@acme-labs.example')
      .executeTakeFirstOrThrow();
    const equipment = await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', acme())
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const linked = await client.equipment.link({ body: [equipment.id] });
    expect(linked.body).toMatchObject({ errorCode: ErrorCode.ProfileIncomplete });
    const after = await db()
      .selectFrom('users')
      .select('has_linked_equipment')
      .where('id', '=', nora.id)
      .executeTakeFirstOrThrow();
    expect(after.has_linked_equipment).toBe(nora.has_linked_equipment);
    expect((await client.equipment.list({ body: {} })).body).toMatchObject({ errorCode: ErrorCode.ProfileIncomplete });
    expect((await client.accountManagement.privilege({ params: { userId: nora.id } })).body).toMatchObject({
      errorCode: ErrorCode.ProfileIncomplete,
    });

    // What the profile completion needs is served.
    const me = await client.users.me();
    expect(me.body).toMatchObject({ errorCode: 0, result: { locationId: null } });
    expect((await client.configuration.systemConfig({ query: {} })).body).toMatchObject({ errorCode: 0 });
    const location = (
      me.body as { result: { userLocation: { customer: { customerLocations: { locationId: number }[] } } } }
    ).result.userLocation.customer.customerLocations[0]!.locationId;
    const completed = await client.users.completeProfile({
      body: { locationId: location, firstName: 'Nora', lastName: 'Newcomer', officePhone: null },
    });
    expect(completed.body).toMatchObject({ errorCode: 0 });
    expect((await client.equipment.list({ body: {} })).body).toMatchObject({ errorCode: 0 });
    await db().updateTable('users').set({ location_id: null }).where('id', '=', nora.id).execute();
  });

  it('signing out is served', async () => {
    const { client } = await signedIn(server.app, 'new@acme-labs.example');
    expect((await client.account.logout({ body: {} })).body).toMatchObject({ errorCode: 0 });
  });
});

describe('calls that are not the contract', () => {
  it('the API reference is served whatever userCustomerId says', async () => {
    const { jar } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/docs/openapi.json?userCustomerId=${globex()}`,
      cookies: Object.fromEntries(jar),
    });
    expect(res.statusCode).toBe(200);
  });

  it('a client without the parameter keeps working (the typed client of the tests)', async () => {
    const { client } = injectClient(server.app);
    expect((await client.users.me()).status).toBe(401);
  });
});
