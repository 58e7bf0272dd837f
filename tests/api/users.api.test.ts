import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const locationOf = async (email: string) =>
  (
    await server.database.db
      .selectFrom('users')
      .select('location_id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).location_id;

describe('users/me', () => {
  it('gives the user in the customer of the session, with the locations and permissions of that customer', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const me = await client.users.me();
    if (me.status !== 200 || me.body.errorCode !== 0) throw new Error('expected the user');
    const user = me.body.result!;
    expect(user.role).toBe(3);
    expect(user.userLocation.customer.name).toBe('Acme Labs');
    expect(user.userLocation.customer.customerLocations.map((l) => l.city)).toEqual(['Basel', 'Boston', 'Cambridge']);
    expect(user.userLocation.customer.customerPermission.isProductAddingEnabled).toBe(true);
  });

  it('marks the provider user as PE user with the admin access codes; a customer user has none', async () => {
    const pe = await (await signedIn(server.app, 'pe@provider.example')).client.users.me();
    const user = await (await signedIn(server.app, 'user@acme-labs.example')).client.users.me();
    const codes = (r: typeof pe) =>
      r.status === 200 && r.body.errorCode === 0 ? r.body.result!.privilege.map((p) => p.accessCode) : [];
    expect(pe.status === 200 && pe.body.errorCode === 0 && pe.body.result!.isPEUser).toBe(true);
    expect(codes(pe)).toEqual(expect.arrayContaining(['PORTAL_ADMIN', 'EMAIL_ROUTING']));
    expect(codes(user)).not.toContain('PORTAL_ADMIN');
  });
});

describe('Users/profile (profile completion)', () => {
  it('a user without a location completes the profile with a location of the own customer', async () => {
    const { client } = await signedIn(server.app, 'new@acme-labs.example');
    const me = await client.users.me();
    if (me.status !== 200 || me.body.errorCode !== 0) throw new Error('expected the user');
    expect(me.body.result!.locationId).toBeNull();
    const location = me.body.result!.userLocation.customer.customerLocations[1]!;
    const res = await client.users.completeProfile({
      body: {
        locationId: location.locationId,
        firstName: 'Nora',
        lastName: 'Newcomer',
        officePhone: '+1 (617) 555-0100',
      },
    });
    expect(res.body).toMatchObject({
      errorCode: 0,
      result: { locationId: location.locationId, officePhone: '+1 (617) 555-0100' },
    });
    const events = await server.database.db
      .selectFrom('events')
      .select('event_type')
      .where('event_type', '=', 'user.profileCompleted')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('a user cannot take a location of another customer', async () => {
    const globexLocation = await server.database.db
      .selectFrom('locations')
      .innerJoin('customers', 'customers.id', 'locations.customer_id')
      .select('locations.id')
      .where('customers.name', '=', 'Globex Corporation')
      .executeTakeFirstOrThrow();
    const before = await locationOf('user@acme-labs.example');
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const res = await client.users.completeProfile({
      body: { locationId: globexLocation.id, firstName: 'Uma', lastName: 'Standard', officePhone: null },
    });
    expect(res.status).toBe(403);
    expect(await locationOf('user@acme-labs.example')).toBe(before);
  });

  it('refuses a bad phone and an empty name with 400 and saves nothing', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const before = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    const res = await client.users.completeProfile({
      body: { locationId: before.location_id!, firstName: '   ', lastName: 'X', officePhone: 'call me maybe' },
    });
    expect(res.status).toBe(400);
    const paths = ((res.body as ErrorBody).issues ?? []).map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'officePhone']));
    const after = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('needs a session', async () => {
    const { client } = injectClient(server.app);
    const res = await client.users.completeProfile({
      body: { locationId: 1, firstName: 'A', lastName: 'B', officePhone: null },
    });
    expect(res.status).toBe(401);
  });
});

describe('usage events', () => {
  it('stores page views of the signed-in user under the customer of the session', async () => {
    const { client } = await signedIn(server.app, 'user@globex.example');
    const res = await client.usage.record({
      body: { events: [{ type: 'pageView', path: '/app/welcome', time: new Date().toISOString() }] },
    });
    expect(res.body).toMatchObject({ errorCode: 0, result: { recorded: 1 } });
    const rows = await server.database.db
      .selectFrom('usage_events')
      .innerJoin('customers', 'customers.id', 'usage_events.customer_id')
      .select(['customers.name', 'usage_events.path'])
      .execute();
    expect(rows).toContainEqual({ name: 'Globex Corporation', path: '/app/welcome' });
  });

  it('refuses page views when signed out and a batch that fails the schema', async () => {
    const anonymous = injectClient(server.app).client;
    const unauth = await anonymous.usage.record({
      body: { events: [{ type: 'pageView', path: '/x', time: new Date().toISOString() }] },
    });
    expect(unauth.status).toBe(401);
    const { client } = await signedIn(server.app, 'user@globex.example');
    const bad = await client.usage.record({ body: { events: [] } });
    expect(bad.status).toBe(400);
  });
});
