import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { ROLE } from '../../contract/limits';
import { startApiServer } from '../support/apiServer';
import { detailOf, editOf } from '../support/userDetails';
import { signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const userRow = (email: string) =>
  server.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

describe('GET users/{id}', () => {
  it('gives the signed-in user with location and company info', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const row = await userRow('user@acme-labs.example');
    const me = await detailOf(client, row.id);
    expect(me).toMatchObject({
      userId: row.id,
      emailAddress: 'user@acme-labs.example',
      firstName: row.first_name,
      lastName: row.last_name,
      role: ROLE.StandardUser,
    });
    expect(me.userLocation?.companyName).toBe('Acme Labs');
    expect(me.userLocation?.customer.customerLocations.length).toBeGreaterThan(0);
  });

  it('lets a manager open a colleague of the same customer', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const colleague = await userRow('user@acme-labs.example');
    expect((await detailOf(client, colleague.id)).emailAddress).toBe('user@acme-labs.example');
  });

  it('refuses a standard user a colleague with 403', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const colleague = await userRow('manager@acme-labs.example');
    const res = await client.accountManagement.get({ params: { id: colleague.id } });
    expect(res.status).toBe(403);
  });

  it('answers a user of another customer with 404, like an unknown one', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const stranger = await userRow('user@globex.example');
    expect((await client.accountManagement.get({ params: { id: stranger.id } })).status).toBe(404);
    expect((await client.accountManagement.get({ params: { id: 999999 } })).status).toBe(404);
  });
});

describe('PUT Users/profile', () => {
  it('saves the own profile, records the event, and GET gives the new values', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const row = await userRow('user@acme-labs.example');
    const before = await detailOf(client, row.id);
    const body = editOf(before, {
      firstName: '  Uma  ',
      officePhone: '+49 (30) 555-0199',
      department: 'Chromatography',
      jobTitle: 'Lab lead',
      languageId: 4,
    });
    const res = await client.accountManagement.updateOwnProfile({ body });
    expect(res.body).toMatchObject({
      errorCode: 0,
      result: { firstName: 'Uma', officePhone: '+49 (30) 555-0199', department: 'Chromatography', languageId: 4 },
    });
    const after = await detailOf(client, row.id);
    expect(after).toMatchObject({ firstName: 'Uma', jobTitle: 'Lab lead', department: 'Chromatography' });
    expect((await userRow('user@acme-labs.example')).language_code).toBe('de');
    const events = await server.database.db
      .selectFrom('events')
      .select(['event_type', 'entity_id'])
      .where('event_type', '=', 'user.profileUpdated')
      .execute();
    expect(events).toEqual([{ event_type: 'user.profileUpdated', entity_id: String(row.id) }]);
  });

  it('refuses an empty first name with 400 required_field and changes nothing', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const row = await userRow('manager@acme-labs.example');
    const before = await detailOf(client, row.id);
    const res = await client.accountManagement.updateOwnProfile({ body: editOf(before, { firstName: '   ' }) });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ['firstName'], message: 'required_field' })]),
    );
    expect(await userRow('manager@acme-labs.example')).toEqual(row);
  });

  it('refuses a telephone that does not match the pattern with 400', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const row = await userRow('manager@acme-labs.example');
    const before = await detailOf(client, row.id);
    const res = await client.accountManagement.updateOwnProfile({ body: editOf(before, { officePhone: 'call me' }) });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).issues?.map((i) => i.path.join('.'))).toEqual(['officePhone']);
    expect(await userRow('manager@acme-labs.example')).toEqual(row);
  });

  it('refuses a standard user raising their own role, and an admin leaving admin', async () => {
    for (const [email, role] of [
      ['user@acme-labs.example', ROLE.Manager],
      ['admin@acme-labs.example', ROLE.Manager],
    ] as const) {
      const { client } = await signedIn(server.app, email);
      const row = await userRow(email);
      const before = await detailOf(client, row.id);
      const res = await client.accountManagement.updateOwnProfile({ body: editOf(before, { role }) });
      expect(res.status).toBe(403);
      expect((await userRow(email)).role).toBe(row.role);
    }
  });
});

describe('the own company fields', () => {
  it("keeps the user's own company fields, shows the location's again when emptied, and keeps them when left out", async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const row = await userRow('admin@acme-labs.example');
    const before = await detailOf(client, row.id);
    const location = before.userLocation!;
    const edited = { companyName: ' Acme Labs Research ', address: '5 Lab Way', state: 'NH', zip: '03101' };
    const res = await client.accountManagement.updateOwnProfile({ body: editOf(before, edited) });
    expect(res.status).toBe(200);
    const expected = { companyName: 'Acme Labs Research', address: '5 Lab Way', state: 'NH', zip: '03101' };
    expect((await detailOf(client, row.id)).userLocation).toMatchObject({ ...expected, city: location.city });

    // Left out: they stay.
    await client.accountManagement.updateOwnProfile({ body: editOf(before, { department: 'Operations' }) });
    expect((await detailOf(client, row.id)).userLocation).toMatchObject(expected);

    // Emptied: the location's values show again.
    const emptied = { companyName: '', address: '', state: '', zip: '' };
    await client.accountManagement.updateOwnProfile({ body: editOf(before, emptied) });
    expect((await detailOf(client, row.id)).userLocation).toMatchObject({
      companyName: location.companyName,
      address: location.address,
      state: location.state,
      zip: location.zip,
    });
  });

  it('refuses company fields over their lengths (company 60, address 200, state 30, zip 30) with 400', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const row = await userRow('admin@acme-labs.example');
    const before = await detailOf(client, row.id);
    for (const [field, max] of [
      ['companyName', 60],
      ['address', 200],
      ['state', 30],
      ['zip', 30],
    ] as const) {
      const fits = await client.accountManagement.updateOwnProfile({
        body: editOf(before, { [field]: 'x'.repeat(max) }),
      });
      expect(fits.status).toBe(200);
      const res = await client.accountManagement.updateOwnProfile({
        body: editOf(before, { [field]: 'x'.repeat(max + 1) }),
      });
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).issues?.map((i) => i.path.join('.'))).toEqual([field]);
    }
  });
});

describe('PUT Users/profile/language', () => {
  it('sets the own language alone while the rest of the profile still lacks a required field', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const row = await userRow('user@acme-labs.example');
    await server.database.db.updateTable('users').set({ department: null }).where('id', '=', row.id).execute();
    const res = await client.accountManagement.updateOwnLanguage({ body: { languageId: 9 } });
    expect(res.body).toMatchObject({ errorCode: 0, result: { userId: row.id, languageId: 9, department: null } });
    const after = await userRow('user@acme-labs.example');
    expect(after.language_code).toBe('es');
    const { first_name, last_name, office_phone, job_title, role } = row;
    expect(after).toMatchObject({ first_name, last_name, office_phone, job_title, role, department: null });
    const events = await server.database.db
      .selectFrom('events')
      .select(['event_type', 'entity_id'])
      .where('event_type', '=', 'user.languageChanged')
      .execute();
    expect(events).toEqual([{ event_type: 'user.languageChanged', entity_id: String(row.id) }]);
  });

  it('refuses an unknown, missing or malformed language with 400 and changes nothing', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const row = await userRow('manager@acme-labs.example');
    for (const body of [{ languageId: 99 }, {}, { languageId: 'de' }, { languageId: 1.5 }, { languageId: -1 }]) {
      const res = await client.accountManagement.updateOwnLanguage({ body: body as { languageId: number } });
      expect(res.status).toBe(400);
    }
    expect(await userRow('manager@acme-labs.example')).toEqual(row);
  });
});
