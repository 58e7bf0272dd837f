import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryEmailRouting } from '../../contract/countryEmailRouting';
import { ContactMethod, USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { CONTACT_METHOD, CONTACT_TYPE } from '../../contract/feedback';
import { SERVICE_WORK_TYPE_IDS } from '../../contract/limits';
import { ServicePriority } from '../../contract/serviceCalls';
import { AccessCode } from '../../contract/permissions';
import { countryIdOf } from '../../api-mock/src/lib/countries';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let pe: Awaited<ReturnType<typeof signedIn>>;
const db = () => server.database.db;
const US = countryIdOf('US');
const DE = countryIdOf('DE');

/** The All routing the portal starts with (migration 029): the provider mailboxes used before routing existed. */
const ALL: CountryEmailRouting = {
  id: null,
  countryId: null,
  adminEmails: 'portal-requests@provider.example',
  contractChangeEmails: 'contracts@provider.example',
  contactUsSalesEmailAddress: 'sales@provider.example',
  contactUsInstrumentRelocationEmailAddress: 'instrument-relocation@provider.example',
  contactUsTechnicalSupportEmailAddress: 'technical-support@provider.example',
};
const EMPTY = {
  adminEmails: '',
  contractChangeEmails: '',
  contactUsSalesEmailAddress: '',
  contactUsInstrumentRelocationEmailAddress: '',
  contactUsTechnicalSupportEmailAddress: '',
};

beforeAll(async () => {
  server = await startApiServer();
  pe = await signedIn(server.app, 'pe@provider.example');
});
afterAll(() => server.close());

const eventCount = async () =>
  Number(
    (
      await db()
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const issuesOf = (res: { body: unknown }) =>
  ((res.body as { issues?: { path: string[]; message: string }[] }).issues ?? []).map((i) => [
    i.path.join('.'),
    i.message,
  ]);

const saveCountry = (routing: CountryEmailRouting, client: InjectClient = pe.client) =>
  client.countryEmailRouting.updateCountryEmails({ body: routing });
const saveRegion = (countryId: number, regionId: number, adminEmails: string) =>
  pe.client.countryEmailRouting.updateRegionEmails({ params: { countryId }, body: { regionId, adminEmails } });
const regionsOf = async (countryId: number) =>
  resultOf<{ id: number; regions: { regionId: number; name: string; adminEmails: string }[] }>(
    await pe.client.countryEmailRouting.getRegionEmails({ params: { countryId } }),
  );
const massachusetts = async () => (await regionsOf(US)).regions.find((r) => r.name === 'Massachusetts')!;

describe('GET and PUT Country/emails', () => {
  it('gives the All routing the portal starts with, and an unrouted country with empty fields, changing nothing', async () => {
    const before = await eventCount();
    const all = resultOf<{ countryEmailRouting: CountryEmailRouting }>(
      await pe.client.countryEmailRouting.getCountryEmails({ query: {} }),
    );
    expect(all.countryEmailRouting).toEqual({ ...ALL, id: expect.any(Number) });
    const de = resultOf<{ countryEmailRouting: CountryEmailRouting }>(
      await pe.client.countryEmailRouting.getCountryEmails({ query: { countryId: DE } }),
    );
    expect(de.countryEmailRouting).toEqual({ id: null, countryId: DE, ...EMPTY });
    expect(await eventCount()).toBe(before);
  });

  it('saves a country with trailing semicolons and spaces removed, as an event, and reads it back', async () => {
    const before = await eventCount();
    const res = await saveCountry({
      ...EMPTY,
      id: null,
      countryId: DE,
      adminEmails: ' de-service@provider.example; de-lab@provider.example ;; ',
      contactUsSalesEmailAddress: 'de-sales@provider.example;',
    });
    const saved = resultOf<CountryEmailRouting>(res);
    expect(saved).toMatchObject({
      countryId: DE,
      adminEmails: 'de-service@provider.example; de-lab@provider.example',
      contactUsSalesEmailAddress: 'de-sales@provider.example',
      contractChangeEmails: '',
    });
    expect(saved.id).toEqual(expect.any(Number));
    const again = resultOf<{ countryEmailRouting: CountryEmailRouting }>(
      await pe.client.countryEmailRouting.getCountryEmails({ query: { countryId: DE } }),
    );
    expect(again.countryEmailRouting).toEqual(saved);
    // Saving again updates the same row.
    const second = resultOf<CountryEmailRouting>(await saveCountry({ ...saved, contractChangeEmails: 'x@y.example' }));
    expect(second.id).toBe(saved.id);
    expect(await eventCount()).toBe(before + 2);
    const event = await db()
      .selectFrom('events')
      .select(['event_type', 'entity_type', 'entity_id', 'customer_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      event_type: 'countryEmailRouting.updated',
      entity_type: 'countryEmailRouting',
      entity_id: 'DE',
      customer_id: null,
    });
    await saveCountry({ ...saved, ...EMPTY });
  });

  it('refuses All with an empty field (all_country_emails_warning) and a bad address (lblEmailsWarning), saving nothing', async () => {
    const before = await eventCount();
    let res = await saveCountry({ ...ALL, contractChangeEmails: ' ; ' });
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual([['contractChangeEmails', 'all_country_emails_warning']]);
    res = await saveCountry({ ...ALL, countryId: US, adminEmails: 'ok@provider.example; not-an-address' });
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual([['adminEmails', 'lblEmailsWarning']]);
    res = await saveCountry({ ...ALL, countryId: US, adminEmails: `${'a'.repeat(2001)}@x.example` });
    expect(res.status).toBe(400);
    res = await saveCountry({ ...ALL, countryId: 9999 });
    expect(res.status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('answers in admin mode too', async () => {
    const res = await pe.adminClient.countryEmailRouting.getCountryEmails({ query: { countryId: US } });
    expect(res.status).toBe(200);
  });
});

describe('GET and PUT Country/{countryId}/regionEmails', () => {
  it('lists the regions of a country by name, and saves the admin e-mails of one as an event', async () => {
    const de = await regionsOf(DE);
    expect(de.id).toBe(DE);
    expect(de.regions).toHaveLength(16);
    expect(de.regions.map((r) => r.name)).toContain('Hessen');
    expect((await regionsOf(countryIdOf('AQ'))).regions).toEqual([]);
    const hessen = de.regions.find((r) => r.name === 'Hessen')!;
    const before = await eventCount();
    const saved = resultOf(await saveRegion(DE, hessen.regionId, 'hessen@provider.example;'));
    expect(saved).toEqual({ regionId: hessen.regionId, name: 'Hessen', adminEmails: 'hessen@provider.example' });
    expect(await eventCount()).toBe(before + 1);
    expect((await regionsOf(DE)).regions.find((r) => r.name === 'Hessen')!.adminEmails).toBe('hessen@provider.example');
    await saveRegion(DE, hessen.regionId, '');
  });

  it('refuses a region of another country (404), a missing region and a bad address (400)', async () => {
    const ma = await massachusetts();
    expect((await saveRegion(DE, ma.regionId, 'a@b.example')).status).toBe(404);
    const missing = await pe.client.countryEmailRouting.updateRegionEmails({
      params: { countryId: US },
      body: { adminEmails: 'a@b.example' } as never,
    });
    expect(missing.status).toBe(400);
    const bad = await saveRegion(US, ma.regionId, 'a@b.example;;c@');
    expect(bad.status).toBe(400);
    expect(issuesOf(bad)).toEqual([['adminEmails', 'lblEmailsWarning']]);
  });
});

describe('who may route', () => {
  it('refuses customer users, even admins (403)', async () => {
    for (const email of ['user@acme-labs.example', 'admin@acme-labs.example']) {
      const { client } = await signedIn(server.app, email);
      expect((await client.countryEmailRouting.getCountryEmails({ query: {} })).status).toBe(403);
      expect((await client.countryEmailRouting.getRegionEmails({ params: { countryId: US } })).status).toBe(403);
      expect((await saveCountry(ALL, client)).status).toBe(403);
    }
  });

  it('refuses provider staff without the routing code (403), even with the admin code', async () => {
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pe@provider.example')
      .executeTakeFirstOrThrow();
    const ma = await massachusetts();
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', user.id)
      .where('access_code', '=', AccessCode.EmailRouting)
      .execute();
    try {
      for (const client of [pe.client, pe.adminClient]) {
        expect((await client.countryEmailRouting.getCountryEmails({ query: {} })).status).toBe(403);
        expect((await client.countryEmailRouting.getRegionEmails({ params: { countryId: US } })).status).toBe(403);
        expect((await saveCountry(ALL, client)).status).toBe(403);
        const region = await client.countryEmailRouting.updateRegionEmails({
          params: { countryId: US },
          body: { regionId: ma.regionId, adminEmails: '' },
        });
        expect(region.status).toBe(403);
      }
    } finally {
      await db()
        .insertInto('user_access_codes')
        .values({ user_id: user.id, access_code: AccessCode.EmailRouting })
        .execute();
    }
  });
});

const mailsSince = (id: number) =>
  db().selectFrom('mail_outbox').select(['to_addresses', 'subject']).where('id', '>', id).orderBy('id').execute();
const lastMailId = async () =>
  (await db().selectFrom('mail_outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;

/** Where the mails a call queues go, besides the customer's own addresses. */
async function routedBy(call: () => Promise<{ status: number }>, prefix: string) {
  const since = await lastMailId();
  expect((await call()).status).toBe(200);
  return (await mailsSince(since)).filter((m) => m.subject.startsWith(prefix)).map((m) => m.to_addresses);
}

describe('the routing is used: region, then country, then All', () => {
  let user: InjectClient;
  let manager: InjectClient;
  let instrumentInMA: number;
  beforeAll(async () => {
    user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const row = await db()
      .selectFrom('equipment')
      .innerJoin('locations', 'locations.id', 'equipment.location_id')
      .innerJoin('customers', 'customers.id', 'equipment.customer_id')
      .select('equipment.id')
      .where('customers.name', '=', 'Acme Labs')
      .where('locations.state', '=', 'MA')
      .where('equipment.is_hidden', '=', false)
      .where('equipment.data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
      .orderBy('equipment.id')
      .executeTakeFirstOrThrow();
    instrumentInMA = row.id;
  });

  const serviceRequest = () =>
    user.serviceCalls.createRequest({
      body: {
        equipmentId: null,
        requestForOther: false,
        requestForUserId: null,
        issueType: String(SERVICE_WORK_TYPE_IDS[0]),
        priority: ServicePriority.Medium,
        issueText: 'The pump makes a grinding noise.',
        attachFiles: [],
        requestEmail: '',
        contactName: 'Uma Standard',
        email: 'user@acme-labs.example',
        officePhone: '',
      },
    });
  const providerCopy = async () =>
    (await routedBy(serviceRequest, 'Service request')).filter((to) => to !== 'user@acme-labs.example');
  const contractChange = () =>
    manager.equipment.requestContract({
      body: {
        equipmentId: instrumentInMA,
        userName: 'Mark Manager',
        firstName: 'Mark',
        lastName: 'Manager',
        emailAddress: 'manager@acme-labs.example',
        telephone: '+1 617 555 0100',
        contactMethod: ContactMethod.ByEmail,
        comments: 'Please quote a Gold plan.',
      },
    });
  const contactSales = (client = user) =>
    client.feedback.contactUs({
      params: { type: CONTACT_TYPE.Sales },
      body: {
        type: CONTACT_TYPE.Sales,
        firstName: 'Uma',
        lastName: 'Standard',
        companyName: 'Acme Labs',
        countryId: DE,
        country: 'Germany',
        contactMethod: CONTACT_METHOD.Email,
        emailAddress: 'user@acme-labs.example',
        telephone: null,
        callTime: null,
        challenge: 1,
        timeline: 1,
        comments: 'A quote, please.',
      },
    });

  it('mails a new service request to the region of the site, else its country, else All', async () => {
    expect(await providerCopy()).toEqual([ALL.adminEmails]);
    await saveCountry({ ...EMPTY, id: null, countryId: US, adminEmails: 'us-service@provider.example' });
    expect(await providerCopy()).toEqual(['us-service@provider.example']);
    const ma = await massachusetts();
    await saveRegion(US, ma.regionId, 'ma-service@provider.example; ma-lab@provider.example;');
    expect(await providerCopy()).toEqual(['ma-service@provider.example;ma-lab@provider.example']);
    await saveRegion(US, ma.regionId, '');
    expect(await providerCopy()).toEqual(['us-service@provider.example']);
  });

  it('mails a contract change request to the country of the instrument, else All; regions do not apply', async () => {
    const ma = await massachusetts();
    await saveRegion(US, ma.regionId, 'ma-service@provider.example');
    await saveCountry({ ...EMPTY, id: null, countryId: US, adminEmails: 'us-service@provider.example' });
    const toTeam = () => routedBy(contractChange, 'Contract change request');
    expect(await toTeam()).toEqual([ALL.contractChangeEmails]);
    await saveCountry({
      ...EMPTY,
      id: null,
      countryId: US,
      adminEmails: 'us-service@provider.example',
      contractChangeEmails: 'us-contracts@provider.example',
    });
    expect(await toTeam()).toEqual(['us-contracts@provider.example']);
  });

  it('mails contact-us to the country of the user’s site, else the form’s country for a user without one, else All', async () => {
    const toSales = (client = user) => routedBy(() => contactSales(client), 'Sales request');
    expect(await toSales()).toEqual([ALL.contactUsSalesEmailAddress]);
    await saveCountry({ ...EMPTY, id: null, countryId: US, contactUsSalesEmailAddress: 'us-sales@provider.example' });
    expect(await toSales()).toEqual(['us-sales@provider.example']);
    // Nora has no site: the country the form names decides.
    const nora = (await signedIn(server.app, 'new@acme-labs.example')).client;
    expect(await toSales(nora)).toEqual([ALL.contactUsSalesEmailAddress]);
    await saveCountry({ ...EMPTY, id: null, countryId: DE, contactUsSalesEmailAddress: 'de-sales@provider.example' });
    expect(await toSales(nora)).toEqual(['de-sales@provider.example']);
    // A changed All applies to every country without its own address.
    await saveCountry({ ...ALL, contactUsTechnicalSupportEmailAddress: 'support@provider.example' });
    const support = await routedBy(
      () =>
        user.feedback.contactUs({
          params: { type: CONTACT_TYPE.TechnicalSupport },
          body: {
            type: CONTACT_TYPE.TechnicalSupport,
            firstName: 'Uma',
            lastName: 'Standard',
            companyName: 'Acme Labs',
            countryId: null,
            country: null,
            contactMethod: CONTACT_METHOD.Email,
            emailAddress: 'user@acme-labs.example',
            telephone: null,
            callTime: null,
            category: 1,
            model: null,
            comments: 'Plasma does not ignite.',
          },
        }),
      'Technical support request',
    );
    expect(support).toEqual(['support@provider.example']);
  });
});
