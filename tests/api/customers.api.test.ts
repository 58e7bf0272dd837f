import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import type { Customer, SwitchHistoryEntry } from '../../contract/customers';
import type { LoggedInUser } from '../../contract/users';
import { startApiServer } from '../support/apiServer';
import { uploadThroughSignedUrl } from '../support/apiCalls';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
const customerIds: Record<string, number> = {};
beforeAll(async () => {
  server = await startApiServer();
  for (const c of await server.database.db.selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    customerIds[c.customer_folder] = c.id;
  }
});
afterAll(() => server.close());

const db = () => server.database.db;
const acme = () => customerIds.acme!;
const globex = () => customerIds.globex!;
const initech = () => customerIds.initech!;

function resultOf<T>(res: { status: number; body: unknown }): T {
  const body = res.body as { errorCode?: number; result?: T };
  if (res.status !== 200 || body.errorCode !== 0) throw new Error(`expected success: ${JSON.stringify(res)}`);
  return body.result as T;
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);
const CONTENT_TYPE: Record<string, string> = { png: 'image/png', gif: 'image/gif', jpg: 'image/jpeg' };

/** The identifier of a logo uploaded by `client` into its customer's logos. */
async function uploadedLogo(client: InjectClient, fileName: string): Promise<string> {
  const upload = await uploadThroughSignedUrl(server.app, client, {
    fileName,
    contentType: CONTENT_TYPE[fileName.slice(fileName.lastIndexOf('.') + 1)]!,
    fileType: 'CustomerLogo',
    bytes: PNG,
  });
  return JSON.stringify({ fileName, resourceKey: upload.resourceKey });
}
const logo = (fileName: string) => JSON.stringify({ fileName, resourceKey: `logos/${fileName}` });

const eventsOf = (eventType: string) =>
  db()
    .selectFrom('events')
    .select(['customer_id', 'actor_id', 'entity_id', 'payload'])
    .where('event_type', '=', eventType)
    .orderBy('id')
    .execute();

const logoOf = async (id: number) =>
  (await db().selectFrom('customers').select('logo_file_identifier').where('id', '=', id).executeTakeFirstOrThrow())
    .logo_file_identifier;

describe('Users/customers (provider staff)', () => {
  it('lists every customer by name for a PE user, filtered by name or customer number', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    const all = resultOf<Customer[]>(await client.customers.list({ query: {} }));
    expect(all.map((c) => c.name)).toEqual(['Acme Labs', 'Globex Corporation', 'Initech Pharma', 'Provider Service']);
    const byName = resultOf<Customer[]>(await client.customers.list({ query: { keyword: 'glob' } }));
    expect(byName.map((c) => c.name)).toEqual(['Globex Corporation']);
    const byNumber = resultOf<Customer[]>(await client.customers.list({ query: { keyword: '1000300' } }));
    expect(byNumber).toEqual([
      expect.objectContaining({ name: 'Initech Pharma', customerIdentifier: '1000300', customerFolder: 'initech' }),
    ]);
    const limited = resultOf<Customer[]>(await client.customers.list({ query: { count: 2 } }));
    expect(limited).toHaveLength(2);
    const wildcard = resultOf<Customer[]>(await client.customers.list({ query: { keyword: '%' } }));
    expect(wildcard).toEqual([]);
  });

  it('refuses customer users with 403, also admins', async () => {
    for (const email of ['user@acme-labs.example', 'admin@acme-labs.example']) {
      const { client } = await signedIn(server.app, email);
      expect((await client.customers.list({ query: {} })).status).toBe(403);
      expect((await client.customers.history({ query: {} })).status).toBe(403);
    }
  });

  it('refuses a count above the limit with 400', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    const res = await client.customers.list({ query: { count: 101 } });
    expect(res.status).toBe(400);
    expect(((res.body as ErrorBody).issues ?? []).map((i) => i.path.join('.'))).toEqual(['count']);
  });
});

describe('switching customer', () => {
  it('a PE user switches the session to another customer; users/me follows and the switch is recorded', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    const peId = (
      await db().selectFrom('users').select('id').where('email', '=', 'pe@provider.example').executeTakeFirstOrThrow()
    ).id;
    expect(resultOf(await client.customers.switchCustomer({ params: { customerId: globex() }, body: {} }))).toBeNull();
    const me = resultOf<LoggedInUser>(await client.users.me());
    expect(me.userLocation.customer.name).toBe('Globex Corporation');
    const events = await eventsOf('customer.switched');
    expect(events.at(-1)).toMatchObject({
      customer_id: globex(),
      actor_id: peId,
      payload: { toCustomerId: globex() },
    });
  });

  it('the history gives the latest distinct customers switched to, newest first, as many as asked', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    for (const id of [acme(), initech(), globex(), acme(), initech()]) {
      resultOf(await client.customers.switchCustomer({ params: { customerId: id }, body: {} }));
    }
    const history = resultOf<SwitchHistoryEntry[]>(await client.customers.history({ query: {} }));
    expect(history.map((h) => h.location.customer.name)).toEqual(['Initech Pharma', 'Acme Labs', 'Globex Corporation']);
    expect(Date.parse(history[0]!.switchedTime)).toBeGreaterThanOrEqual(Date.parse(history[1]!.switchedTime));
    const two = resultOf<SwitchHistoryEntry[]>(await client.customers.history({ query: { count: 2 } }));
    expect(two.map((h) => h.location.customer.id)).toEqual([initech(), acme()]);
  });

  it('answers 404 for an unknown customer and keeps the session where it was', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    resultOf(await client.customers.switchCustomer({ params: { customerId: acme() }, body: {} }));
    const res = await client.customers.switchCustomer({ params: { customerId: 99_999 }, body: {} });
    expect(res.status).toBe(404);
    expect((res.body as ErrorBody).errorCode).toBe(404);
    expect(resultOf<LoggedInUser>(await client.users.me()).userLocation.customerId).toBe(acme());
  });

  it('a customer user cannot switch (403), stays in the own customer, and nothing is recorded', async () => {
    const switches = (await eventsOf('customer.switched')).length;
    for (const email of ['user@globex.example', 'admin@globex.example']) {
      const { client } = await signedIn(server.app, email);
      const res = await client.customers.switchCustomer({ params: { customerId: acme() }, body: {} });
      expect(res.status).toBe(403);
      expect(resultOf<LoggedInUser>(await client.users.me()).userLocation.customerId).toBe(globex());
    }
    expect(await eventsOf('customer.switched')).toHaveLength(switches);
  });
});

describe('customer logo', () => {
  it("an admin sets and removes the own customer's logo, each change with its event", async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const acmeLogo = await uploadedLogo(client, 'acme.png');
    const set = resultOf<Customer>(
      await client.customers.updateLogo({ body: { customerLogoFileIdentifier: acmeLogo } }),
    );
    expect(JSON.parse(set.customerLogoFileIdentifier!)).toEqual(JSON.parse(acmeLogo));
    expect(await logoOf(acme())).toBe(acmeLogo);
    const removed = resultOf<Customer>(await client.customers.updateLogo({ body: { customerLogoFileIdentifier: '' } }));
    expect(removed.customerLogoFileIdentifier).toBeNull();
    expect(await logoOf(acme())).toBeNull();
    expect((await eventsOf('customer.logoChanged')).map((e) => e.entity_id)).toContain(String(acme()));
    expect((await eventsOf('customer.logoRemoved')).map((e) => e.entity_id)).toContain(String(acme()));
  });

  it('a PE user sets the logo of the customer switched to', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    resultOf(await client.customers.switchCustomer({ params: { customerId: initech() }, body: {} }));
    const initechLogo = await uploadedLogo(client, 'initech.gif');
    resultOf(await client.customers.updateLogo({ body: { customerLogoFileIdentifier: initechLogo } }));
    expect(await logoOf(initech())).toBe(initechLogo);
  });

  it('a standard user gets 403 and the logo stays', async () => {
    const { client: admin } = await signedIn(server.app, 'admin@globex.example');
    const globexLogo = await uploadedLogo(admin, 'globex.jpg');
    resultOf(await admin.customers.updateLogo({ body: { customerLogoFileIdentifier: globexLogo } }));
    const removals = (await eventsOf('customer.logoRemoved')).length;
    const { client } = await signedIn(server.app, 'user@globex.example');
    const res = await client.customers.updateLogo({ body: { customerLogoFileIdentifier: '' } });
    expect(res.status).toBe(403);
    expect(await logoOf(globex())).toBe(globexLogo);
    expect(await eventsOf('customer.logoRemoved')).toHaveLength(removals);
  });

  it('refuses an identifier that is not the JSON of a picture with 400, and the logo stays', async () => {
    const { client } = await signedIn(server.app, 'admin@globex.example');
    const before = await logoOf(globex());
    for (const customerLogoFileIdentifier of ['not json', logo('virus.exe'), JSON.stringify({ fileName: 'a.png' })]) {
      const res = await client.customers.updateLogo({ body: { customerLogoFileIdentifier } });
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).issues?.[0]?.path).toEqual(['customerLogoFileIdentifier']);
    }
    expect(await logoOf(globex())).toBe(before);
  });

  it("refuses a logo that was not uploaded or is another customer's, and the logo stays", async () => {
    const { client: globexAdmin } = await signedIn(server.app, 'admin@globex.example');
    const { client: acmeAdmin } = await signedIn(server.app, 'admin@acme-labs.example');
    const before = await logoOf(globex());
    const acmeLogo = await uploadedLogo(acmeAdmin, 'theirs.png');
    const notUploaded = JSON.stringify({
      fileName: 'a.png',
      resourceKey: JSON.parse(acmeLogo).resourceKey.replace(/[0-9a-f]{32}/, '0'.repeat(32)),
    });
    const ownNotUploaded = JSON.stringify({
      fileName: 'a.png',
      resourceKey: JSON.parse(await uploadedLogo(globexAdmin, 'mine.png')).resourceKey.replace(
        /[0-9a-f]{32}\.png$/,
        `${'0'.repeat(32)}.png`,
      ),
    });
    expect(
      (await globexAdmin.customers.updateLogo({ body: { customerLogoFileIdentifier: ownNotUploaded } })).status,
    ).toBe(400);
    // Outside the customer's own files (another customer's, or no customer's): refused as every file route does.
    for (const customerLogoFileIdentifier of [logo('made-up.png'), notUploaded, acmeLogo]) {
      const res = await globexAdmin.customers.updateLogo({ body: { customerLogoFileIdentifier } });
      expect(res.status).toBe(403);
    }
    expect(await logoOf(globex())).toBe(before);
  });

  it('needs a session', async () => {
    const { client } = injectClient(server.app);
    expect((await client.customers.updateLogo({ body: { customerLogoFileIdentifier: '' } })).status).toBe(401);
  });
});

describe('Equipment/HasAssetGeniusSite', () => {
  it('is true for Globex and false for Acme, each asked by its own users', async () => {
    const globexUser = (await signedIn(server.app, 'user@globex.example')).client;
    const acmeUser = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const ask = async (client: typeof globexUser, customerId: number) =>
      resultOf<boolean>(await client.customers.hasAssetGeniusSite({ query: { customerId }, body: {} }));
    expect(await ask(globexUser, globex())).toBe(true);
    expect(await ask(acmeUser, acme())).toBe(false);
  });

  it('a customer user asking about another customer gets 404; a PE user may ask about any', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await client.customers.hasAssetGeniusSite({ query: { customerId: globex() }, body: {} });
    expect(res.status).toBe(404);
    const pe = (await signedIn(server.app, 'pe@provider.example')).client;
    expect(resultOf(await pe.customers.hasAssetGeniusSite({ query: { customerId: globex() }, body: {} }))).toBe(true);
    expect((await pe.customers.hasAssetGeniusSite({ query: { customerId: 99_999 }, body: {} })).status).toBe(404);
  });
});
