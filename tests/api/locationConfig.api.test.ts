import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import type { OptionSettings, SystemConfig } from '../../contract/configuration';
import type { LocationDetail, LocationSearchItem, LocationSummary } from '../../contract/location';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

function resultOf<T>(res: { status: number; body: unknown }): T {
  const body = res.body as { errorCode?: number; result?: T };
  if (res.status !== 200 || body.errorCode !== 0) throw new Error(`expected success: ${JSON.stringify(res)}`);
  return body.result as T;
}

const locationIdOf = async (city: string) =>
  (await db().selectFrom('locations').select('id').where('city', '=', city).executeTakeFirstOrThrow()).id;

const customerIdOf = async (folder: string) =>
  (await db().selectFrom('customers').select('id').where('customer_folder', '=', folder).executeTakeFirstOrThrow()).id;

describe('Location/summary and Location/{id}', () => {
  it("lists the locations of the user's customer by city, with company and country", async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const summary = resultOf<LocationSummary[]>(await client.location.summary());
    expect(summary.map((l) => l.city)).toEqual(['Basel', 'Boston', 'Cambridge']);
    expect(new Set(summary.map((l) => l.companyName))).toEqual(new Set(['Acme Labs']));
    const config = resultOf<SystemConfig>(await client.configuration.systemConfig({ query: {} }));
    const countryIdOf = (code: string) => config.countries.find((c) => c.countryCode === code)?.countryId;
    for (const l of summary) expect(l.countryId).toBe(countryIdOf(l.countryCode));
  });

  it('gives one location of the current customer with its address fields', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const boston = await locationIdOf('Boston');
    const detail = resultOf<LocationDetail>(await client.location.get({ params: { locationId: boston } }));
    expect(detail).toMatchObject({
      locationId: boston,
      customerId: await customerIdOf('acme'),
      companyName: 'Acme Labs',
      address: '100 Summer St',
      city: 'Boston',
      state: 'MA',
      zip: '02110',
      countryCode: 'US',
    });
  });

  it('a location of another customer answers 404 like an unknown one', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const res = await client.location.get({ params: { locationId: await locationIdOf('Boston') } });
    expect(res.status).toBe(404);
    expect((res.body as ErrorBody).errorCode).toBe(404);
    expect((await client.location.get({ params: { locationId: 99_999 } })).status).toBe(404);
  });

  it('refuses a location id that is not a number with 400, and answers 401 without a session', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const bad = await client.location.get({ params: { locationId: 'boston' as unknown as number } });
    expect(bad.status).toBe(400);
    const anonymous = injectClient(server.app).client;
    expect((await anonymous.location.summary()).status).toBe(401);
  });
});

describe('Location search', () => {
  it('a PE user searches the locations of every customer by number, company or city', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    const all = resultOf<LocationSearchItem[]>(await client.location.search({ query: {} }));
    expect(all).toHaveLength(
      await db()
        .selectFrom('locations')
        .select('id')
        .execute()
        .then((r) => r.length),
    );
    const osaka = resultOf<LocationSearchItem[]>(await client.location.search({ query: { keyword: 'osaka' } }));
    expect(osaka).toEqual([
      expect.objectContaining({ city: 'Osaka', companyName: 'Globex Corporation', customerNo: '1000200' }),
    ]);
    const byNumber = resultOf<LocationSearchItem[]>(await client.location.search({ query: { keyword: '1000300' } }));
    expect(byNumber.map((l) => l.city)).toEqual(['Austin', 'Lyon']);
    const two = resultOf<LocationSearchItem[]>(await client.location.search({ query: { count: 2 } }));
    expect(two).toHaveLength(2);
  });

  it("a customer user finds only the own customer's locations", async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const own = resultOf<LocationSearchItem[]>(await client.location.search({ query: {} }));
    expect(own.map((l) => l.city)).toEqual(['Basel', 'Boston', 'Cambridge']);
    expect(resultOf<LocationSearchItem[]>(await client.location.search({ query: { keyword: 'Osaka' } }))).toEqual([]);
  });

  it('refuses a count above 100 with 400', async () => {
    const { client } = await signedIn(server.app, 'pe@provider.example');
    const res = await client.location.search({ query: { count: 101 } });
    expect(res.status).toBe(400);
  });
});

describe('Configuration/SystemConfig', () => {
  it('gives the nine languages with ids 1 to 9, the countries and the active system notice', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const config = resultOf<SystemConfig>(await client.configuration.systemConfig({ query: {} }));
    expect(config.languages.map((l) => [l.languageId, l.languageCode])).toEqual([
      [1, 'en-us'],
      [2, 'zh-cn'],
      [3, 'zh-tw'],
      [4, 'de'],
      [5, 'fr'],
      [6, 'it'],
      [7, 'ja'],
      [8, 'pt'],
      [9, 'es'],
    ]);
    expect(config.countries.length).toBeGreaterThanOrEqual(30);
    expect(new Set(config.countries.map((c) => c.countryId)).size).toBe(config.countries.length);
    expect(config.countries.find((c) => c.countryCode === 'DE')?.name).toBe('Germany');
    expect(config.notificationMessage?.message).toBe(
      'Scheduled maintenance: the portal will be unavailable on Sunday 29 November 2026 from 06:00 to 08:00 UTC.',
    );
  });

  it('names the countries in the language asked for, with the same ids', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const english = resultOf<SystemConfig>(await client.configuration.systemConfig({ query: {} }));
    const german = resultOf<SystemConfig>(await client.configuration.systemConfig({ query: { languageId: 4 } }));
    const de = german.countries.find((c) => c.countryCode === 'DE')!;
    expect(de.name).toBe('Deutschland');
    expect(de.countryId).toBe(english.countries.find((c) => c.countryCode === 'DE')!.countryId);
    const japanese = resultOf<SystemConfig>(await client.configuration.systemConfig({ query: { languageId: 7 } }));
    expect(japanese.countries.find((c) => c.countryCode === 'JP')?.name).toBe('日本');
  });

  it('is readable before sign-in (the contact request of an unknown account needs the countries)', async () => {
    const { client } = injectClient(server.app);
    const config = resultOf<SystemConfig>(await client.configuration.systemConfig({ query: { languageId: 5 } }));
    expect(config.countries.find((c) => c.countryCode === 'FR')?.name).toBe('France');
  });

  it('gives no notice when none is active', async () => {
    await db().updateTable('system_notification').set({ active: false }).execute();
    try {
      const config = resultOf<SystemConfig>(
        await injectClient(server.app).client.configuration.systemConfig({ query: {} }),
      );
      expect(config.notificationMessage).toBeNull();
    } finally {
      await db().updateTable('system_notification').set({ active: true }).execute();
    }
  });

  it('refuses a language id that is not a positive number with 400', async () => {
    const res = await injectClient(server.app).client.configuration.systemConfig({ query: { languageId: 0 } });
    expect(res.status).toBe(400);
  });
});

describe('Configuration/OptionSettings', () => {
  it('gives the service types and priorities of the spec', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const settings = resultOf<OptionSettings>(await client.configuration.optionSettings());
    expect(settings.priorities.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    const ids = (group: string) => settings.serviceTypes.filter((t) => t.group === group).map((t) => t.id);
    expect(ids('ServiceWork')).toEqual([7, 10, 13, 12, 11, 14]);
    expect(ids('ScheduledEvent')).toEqual([1, 2, 9, 4, 5, 8, 3, 6, 15]);
    expect(settings.contractCodes.warranty).toEqual(['ZCEW', 'ZW01']);
  });

  it('needs a session', async () => {
    expect((await injectClient(server.app).client.configuration.optionSettings()).status).toBe(401);
  });
});

describe('Configuration/Vendor and Configuration/Model', () => {
  const distinct = async (customerId: number, column: 'mfg' | 'model') =>
    (await db().selectFrom('equipment').select(column).distinct().where('customer_id', '=', customerId).execute())
      .map((r) => (r as Record<string, string>)[column]!)
      .sort();

  it("gives the distinct makes of the customer's equipment, in order, filtered and limited", async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const makes = resultOf<string[]>(await client.configuration.vendors({ query: {} }));
    expect(makes).toEqual(await distinct(await customerIdOf('acme'), 'mfg'));
    expect(resultOf<string[]>(await client.configuration.vendors({ query: { keyword: 'perkin' } }))).toEqual([
      'PerkinElmer',
    ]);
    expect(resultOf<string[]>(await client.configuration.vendors({ query: { count: 2 } }))).toEqual(makes.slice(0, 2));
  });

  it('gives the distinct models, optionally of one make', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const models = resultOf<string[]>(await client.configuration.models({ query: {} }));
    expect(models).toEqual(await distinct(await customerIdOf('acme'), 'model'));
    const agilent = resultOf<string[]>(await client.configuration.models({ query: { vendor: 'Agilent' } }));
    expect(agilent.length).toBeGreaterThan(0);
    expect(agilent.every((m) => ['1260 Infinity II', '7890B'].includes(m))).toBe(true);
  });

  it("never gives the makes or models of another customer's equipment", async () => {
    const globexId = await customerIdOf('globex');
    const location = await db()
      .selectFrom('locations')
      .select('id')
      .where('customer_id', '=', globexId)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('equipment')
      .values({
        customer_id: globexId,
        location_id: location.id,
        mfg: 'Globex Instruments',
        model: 'GX-9000 Secret',
        serial: 'GX000001',
        data_source_id: 1,
      })
      .execute();
    const acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
    expect(resultOf<string[]>(await acme.configuration.vendors({ query: { keyword: 'Globex' } }))).toEqual([]);
    expect(resultOf<string[]>(await acme.configuration.models({ query: { keyword: 'GX-9000' } }))).toEqual([]);
    const globex = (await signedIn(server.app, 'user@globex.example')).client;
    expect(resultOf<string[]>(await globex.configuration.vendors({ query: { keyword: 'Globex' } }))).toEqual([
      'Globex Instruments',
    ]);
  });

  it('refuses a count of 0 or above 100 with 400, and answers 401 without a session', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await client.configuration.vendors({ query: { count: 0 } });
    expect(res.status).toBe(400);
    expect(((res.body as ErrorBody).issues ?? []).map((i) => i.path.join('.'))).toEqual(['count']);
    expect((await client.configuration.models({ query: { count: 101 } })).status).toBe(400);
    expect((await injectClient(server.app).client.configuration.vendors({ query: {} })).status).toBe(401);
  });
});
