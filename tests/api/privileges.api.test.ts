import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPrivilege } from '../../contract/accountManagement';
import { AccessCode } from '../../contract/permissions';
import type { LoggedInUser } from '../../contract/users';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
const db = () => server.database.db;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const customerId = async (email: string) =>
  (await db().selectFrom('users').select('customer_id').where('email', '=', email).executeTakeFirstOrThrow())
    .customer_id;
const privilegeOf = async (client: InjectClient, id: number) =>
  resultOf<UserPrivilege>(await client.accountManagement.privilege({ params: { userId: id } })).userPrivilege;
const functionsOf = (privileges: UserPrivilege['userPrivilege'], feature: string) =>
  privileges.find((p) => p.feature === feature)?.functions;

/** Runs `body` with a feature taken from a user (or a customer), and gives it back afterwards. */
async function without(
  what: { user?: number; customer?: number },
  feature: string,
  body: () => Promise<void>,
): Promise<void> {
  const taken = what.user
    ? await db()
        .deleteFrom('user_features')
        .where('user_id', '=', what.user)
        .where('feature', '=', feature)
        .returningAll()
        .execute()
    : [];
  const takenFromCustomer = what.customer
    ? await db()
        .deleteFrom('customer_features')
        .where('customer_id', '=', what.customer)
        .where('feature', '=', feature)
        .returningAll()
        .execute()
    : [];
  try {
    await body();
  } finally {
    if (taken.length) await db().insertInto('user_features').values(taken).execute();
    if (takenFromCustomer.length) await db().insertInto('customer_features').values(takenFromCustomer).execute();
  }
}

describe('GET users/{userId}/privilege', () => {
  it('answers the features and function codes stored for the user, not derived from the role', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const me = await userId('user@acme-labs.example');
    const stored = await db().selectFrom('user_features').selectAll().where('user_id', '=', me).execute();
    expect(stored.map((r) => r.feature).sort()).toEqual(['ARC', 'Equipment', 'Other', 'Reservation']);
    const privileges = await privilegeOf(client, me);
    expect(privileges.map((p) => p.feature)).toEqual(['Reservation', 'ARC', 'Other', 'Equipment']);
    expect(functionsOf(privileges, 'Equipment')).toEqual(['Edit']);

    await db()
      .updateTable('user_features')
      .set({ functions: ['AllowEHSSetting', 'Edit'] })
      .where('user_id', '=', me)
      .where('feature', '=', 'Equipment')
      .execute();
    try {
      expect(functionsOf(await privilegeOf(client, me), 'Equipment')).toEqual(['AllowEHSSetting', 'Edit']);
    } finally {
      await db()
        .updateTable('user_features')
        .set({ functions: ['Edit'] })
        .where('user_id', '=', me)
        .where('feature', '=', 'Equipment')
        .execute();
    }
  });

  it('gives admins the EHS functions and leaves out a feature the customer does not have', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const admin = await userId('admin@acme-labs.example');
    expect(functionsOf(await privilegeOf(client, admin), 'Equipment')).toEqual([
      'AllowEHSSetting',
      'Edit',
      'IsEHSAdmin',
    ]);
    await without({ customer: await customerId('admin@acme-labs.example') }, 'ARC', async () => {
      expect((await privilegeOf(client, admin)).map((p) => p.feature)).toEqual(['Reservation', 'Other', 'Equipment']);
    });
  });

  it('lets a manager read a colleague’s, refuses a standard user (403) and hides another customer’s user (404)', async () => {
    const colleague = await userId('user@acme-labs.example');
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    expect((await privilegeOf(manager, colleague)).length).toBe(4);
    const standard = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const res = await standard.accountManagement.privilege({
      params: { userId: await userId('manager@acme-labs.example') },
    });
    expect(res.status).toBe(403);
    const foreign = await manager.accountManagement.privilege({
      params: { userId: await userId('user@globex.example') },
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Reservation');
  });

  it('answers 400 for an id that is not one', async () => {
    const agent = await signedIn(server.app, 'user@acme-labs.example');
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/users/${id}/privilege`,
        cookies: Object.fromEntries(agent.jar),
      });
      expect(res.statusCode, id).toBe(400);
    }
  });
});

describe('access codes', () => {
  it('come from the stored codes: users/me lists them and admin mode follows the admin code', async () => {
    const pe = await userId('pe@provider.example');
    const agent = await signedIn(server.app, 'pe@provider.example');
    const codes = async () => resultOf<LoggedInUser>(await agent.client.users.me()).privilege.map((p) => p.accessCode);
    const adminMode = async () =>
      (await server.app.inject({ method: 'GET', url: '/admin/api/users/me', cookies: Object.fromEntries(agent.jar) }))
        .statusCode;
    expect(await codes()).toContain(AccessCode.Admin);
    expect(await adminMode()).toBe(200);
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', pe)
      .where('access_code', '=', AccessCode.Admin)
      .execute();
    try {
      expect(await codes()).not.toContain(AccessCode.Admin);
      expect(await adminMode()).toBe(403);
    } finally {
      await db().insertInto('user_access_codes').values({ user_id: pe, access_code: AccessCode.Admin }).execute();
    }
  });
});

describe('the server refuses what the features do not allow', () => {
  it('refuses every reservation call, its history too, without the Reservation feature (403) and answers again with it', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
    const overview = () => client.reservations.overview({ query: period });
    expect((await overview()).status).toBe(200);
    await without({ user: await userId('user@acme-labs.example') }, 'Reservation', async () => {
      expect((await overview()).status).toBe(403);
      const calendar = await client.reservations.calendar({
        query: { ...period, pageIndex: 0, pageSize: 10 } as never,
      });
      expect(calendar.status).toBe(403);
      const history = await client.history.reservation({ params: { id: 1 }, query: {} });
      expect(history.status).toBe(403);
    });
    expect((await overview()).status).toBe(200);
  });

  it('refuses removing equipment without the ARC feature, and removes nothing', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const manager = await userId('manager@acme-labs.example');
    const linked = await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', await customerId('manager@acme-labs.example'))
      .where('is_hidden', '=', false)
      .where((eb) => eb(eb.val(manager), '=', eb.fn.any('follower_ids')))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await without({ customer: await customerId('manager@acme-labs.example') }, 'ARC', async () => {
      const res = await client.equipment.remove({ params: { id: linked.id } });
      expect(res.status).toBe(403);
    });
    const still = await db()
      .selectFrom('equipment')
      .select('follower_ids')
      .where('id', '=', linked.id)
      .executeTakeFirstOrThrow();
    expect(still.follower_ids).toContain(manager);
  });

  it('refuses editing an instrument (403) without the Equipment Edit function, changes nothing, and edits with it', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const user = await userId('user@acme-labs.example');
    const row = await db()
      .selectFrom('equipment')
      .select(['id', 'location_id', 'mfg', 'model', 'room'])
      .where('customer_id', '=', await customerId('user@acme-labs.example'))
      .where('is_hidden', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const edit = (room: string) =>
      client.equipment.update({
        body: { equipmentId: row.id, locationId: row.location_id, mfg: row.mfg, model: row.model, room },
      });
    const functions = () =>
      db()
        .selectFrom('user_features')
        .select('functions')
        .where('user_id', '=', user)
        .where('feature', '=', 'Equipment');
    const granted = (await functions().executeTakeFirstOrThrow()).functions;
    expect(granted).toContain('Edit');
    await db()
      .updateTable('user_features')
      .set({ functions: granted.filter((f) => f !== 'Edit') })
      .where('user_id', '=', user)
      .where('feature', '=', 'Equipment')
      .execute();
    try {
      expect((await edit('NO-EDIT')).status).toBe(403);
      const after = await db()
        .selectFrom('equipment')
        .select('room')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(after.room).toBe(row.room);
    } finally {
      await db()
        .updateTable('user_features')
        .set({ functions: granted })
        .where('user_id', '=', user)
        .where('feature', '=', 'Equipment')
        .execute();
    }
    expect((await edit('WITH-EDIT')).body).toMatchObject({ errorCode: 0, result: { room: 'WITH-EDIT' } });
  });
});
