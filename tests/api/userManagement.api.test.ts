import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileEdit, UserListQuery, UserRow } from '../../contract/accountManagement';
import { ErrorCode } from '../../contract/errors';
import { ROLE } from '../../contract/limits';
import { FilterOperator } from '../../contract/listQuery';
import { AccessCode } from '../../contract/permissions';
import { startApiServer } from '../support/apiServer';
import { detailOf, editOf } from '../support/userDetails';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

const userRow = (email: string) =>
  db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

const query = (changes: Partial<UserListQuery> = {}): UserListQuery => ({
  pageIndex: 0,
  pageSize: 50,
  filterSettings: [],
  orderSettings: [],
  isActive: true,
  ...changes,
});

async function listOf(client: InjectClient, changes: Partial<UserListQuery> = {}) {
  const res = await client.accountManagement.list({ body: query(changes) });
  if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`expected a page: ${JSON.stringify(res.body)}`);
  return res.body.result!;
}

describe('POST users/list', () => {
  it("gives a manager the current customer's active users, paged, with the total", async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const acme = await userRow('manager@acme-labs.example');
    const expected = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', acme.customer_id)
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const page = await listOf(client, { pageSize: 2 });
    expect(page.totalCount).toBe(Number(expected.n));
    expect(page.items).toHaveLength(2);
    const all = await listOf(client);
    expect(all.items.map((u) => u.emailAddress)).toContain('user@acme-labs.example');
    expect(all.items.every((u) => u.emailAddress.endsWith('@acme-labs.example'))).toBe(true);
    // Sorted by display name when the user has not chosen an order.
    const names = all.items.map((u) => u.displayName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const nora = all.items.find((u) => u.emailAddress === 'new@acme-labs.example')!;
    expect(nora.userLocation).toBeNull();
    expect(all.items.find((u) => u.emailAddress === 'user@acme-labs.example')!.userLocation?.customer.name).toBe(
      'Acme Labs',
    );
  });

  it('filters by role, sorts by last name and searches the full text', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const admins = await listOf(client, {
      filterSettings: [{ field: 'role', operator: FilterOperator.In, value: [String(ROLE.Admin)] }],
    });
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((u: UserRow) => u.role === ROLE.Admin)).toBe(true);
    const sorted = await listOf(client, { orderSettings: [{ field: 'lastName', orderType: 1 }] });
    const lasts = sorted.items.map((u) => u.lastName);
    expect(lasts).toEqual([...lasts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const found = await listOf(client, { fullTextSearchSetting: { keyword: 'mark manag' } });
    expect(found.items.map((u) => u.emailAddress)).toEqual(['manager@acme-labs.example']);
  });

  it('narrows the list and its count to activated or to not yet activated users, and refuses another value', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const acme = await userRow('admin@acme-labs.example');
    const activation = (value: string[]) => [{ field: 'statusCode', operator: FilterOperator.In, value }];
    // A colleague invited but never signed in (the small test world may have none).
    await db()
      .updateTable('users')
      .set({ status_code: 0, current_login_time: null })
      .where('customer_id', '=', acme.customer_id)
      .where('email', 'like', '%.%@acme-labs.example')
      .execute();
    for (const status of [0, 1] as const) {
      const expected = await db()
        .selectFrom('users')
        .select('email')
        .where('customer_id', '=', acme.customer_id)
        .where('is_active', '=', true)
        .where('deleted_at', 'is', null)
        .where('status_code', '=', status)
        .execute();
      expect(expected.length).toBeGreaterThan(0);
      const page = await listOf(client, { filterSettings: activation([String(status)]) });
      expect(page.items.map((u) => u.emailAddress).sort()).toEqual(expected.map((u) => u.email).sort());
      expect(page.items.every((u) => u.statusCode === status)).toBe(true);
      const count = await client.accountManagement.listCount({
        body: { isActive: true, filterSettings: activation([String(status)]) },
      });
      expect(count.body).toMatchObject({ errorCode: 0, result: { count: expected.length } });
    }
    for (const bad of [['activated'], [''], ['1; drop table users']]) {
      expect((await client.accountManagement.list({ body: query({ filterSettings: activation(bad) }) })).status).toBe(
        400,
      );
    }
  });

  it('records the latest sign-in: the list shows it and the user as activated', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const page = await listOf(client, { fullTextSearchSetting: { keyword: 'admin@acme-labs.example' } });
    expect(page.items[0]).toMatchObject({ statusCode: 1, emailAddress: 'admin@acme-labs.example' });
    expect(Date.now() - Date.parse(page.items[0]!.currentLoginTime!)).toBeLessThan(60_000);
  });

  it('refuses a standard user, and a manager without the user-management access code, with 403', async () => {
    const standard = await signedIn(server.app, 'user@acme-labs.example');
    expect((await standard.client.accountManagement.list({ body: query() })).status).toBe(403);
    const manager = await userRow('manager@acme-labs.example');
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', manager.id)
      .where('access_code', '=', AccessCode.UserManagement)
      .execute();
    try {
      const { client } = await signedIn(server.app, 'manager@acme-labs.example');
      expect((await client.accountManagement.list({ body: query() })).status).toBe(403);
      expect(
        (
          await client.accountManagement.filterFields({
            body: { pageSize: 10, pageIndex: 0, filterSettings: [], selectFields: ['city'] },
          })
        ).status,
      ).toBe(403);
    } finally {
      await db()
        .insertInto('user_access_codes')
        .values({ user_id: manager.id, access_code: AccessCode.UserManagement })
        .execute();
    }
  });

  it('refuses bad input with 400: no page size, an unknown field, a value of the wrong kind', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    expect((await client.accountManagement.list({ body: query({ pageSize: 0 }) })).status).toBe(400);
    expect((await client.accountManagement.list({ body: query({ pageSize: 1001 }) })).status).toBe(400);
    const unknown = [{ field: 'passwordHash', operator: FilterOperator.In, value: ['x'] }];
    expect((await client.accountManagement.list({ body: query({ filterSettings: unknown }) })).status).toBe(400);
    const wrongKind = [{ field: 'role', operator: FilterOperator.In, value: ['admin'] }];
    expect((await client.accountManagement.list({ body: query({ filterSettings: wrongKind }) })).status).toBe(400);
    const sortUnknown = [{ field: 'password_hash', orderType: 0 }] as const;
    expect((await client.accountManagement.list({ body: query({ orderSettings: [...sortUnknown] }) })).status).toBe(
      400,
    );
  });

  it('in admin mode gives provider staff the users of every customer, and refuses a customer admin', async () => {
    const pe = await signedIn(server.app, 'pe@provider.example');
    const page = await pe.adminClient.accountManagement.list({ body: query({ pageSize: 1000 }) });
    expect(page.status).toBe(200);
    const customers = new Set(page.body.result!.items.map((u) => u.userLocation?.customer.name).filter(Boolean));
    expect(customers.has('Acme Labs') && customers.has('Globex Corporation')).toBe(true);
    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    expect((await admin.adminClient.accountManagement.list({ body: query() })).status).toBe(403);
  });
});

describe('POST users/FilterFields', () => {
  it("suggests the values of a column among the customer's users, narrowed by the other filters", async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    const res = await client.accountManagement.filterFields({
      body: { pageSize: 100, pageIndex: 0, filterSettings: [], selectFields: ['role', 'lastName'] },
    });
    expect(res.status).toBe(200);
    const result = res.body.result!;
    expect(result.role).toEqual(expect.arrayContaining(['1', '2', '3']));
    expect(result.lastName).toContain('Manager');
    expect(result.lastName).not.toContain('User'); // Gus User is Globex's
    const narrowed = await client.accountManagement.filterFields({
      body: {
        pageSize: 100,
        pageIndex: 0,
        filterSettings: [{ field: 'role', operator: FilterOperator.In, value: ['2'] }],
        selectFields: ['lastName'],
      },
    });
    expect(narrowed.body.result!.lastName).toContain('Manager');
    expect(narrowed.body.result!.lastName).not.toContain('Standard');
    const bad = await client.accountManagement.filterFields({
      body: { pageSize: 100, pageIndex: 0, filterSettings: [], selectFields: ['password_hash'] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('PUT users/{id}', () => {
  it("lets an admin change a colleague's role and details", async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const uma = await userRow('user@acme-labs.example');
    const before = await detailOf(client, uma.id);
    const res = await client.accountManagement.update({
      params: { id: uma.id },
      body: editOf(before, { role: ROLE.Manager, department: 'Chromatography' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ role: ROLE.Manager, department: 'Chromatography' });
    const back = await client.accountManagement.update({
      params: { id: uma.id },
      body: editOf(before, { role: ROLE.StandardUser }),
    });
    expect(back.body.result?.role).toBe(ROLE.StandardUser);
  });

  it('follows the role rules from both sides', async () => {
    const uma = await userRow('user@acme-labs.example');
    const ada = await userRow('admin@acme-labs.example');
    const mark = await userRow('manager@acme-labs.example');
    const manager = await signedIn(server.app, 'manager@acme-labs.example');
    const umaDetail = await detailOf(manager.client, uma.id);
    // A manager cannot make an admin.
    const made = await manager.client.accountManagement.update({
      params: { id: uma.id },
      body: editOf(umaDetail, { role: ROLE.Admin }),
    });
    expect(made.status).toBe(403);
    // An admin stays admin.
    const adaDetail = await detailOf(manager.client, ada.id);
    const demoted = await manager.client.accountManagement.update({
      params: { id: ada.id },
      body: editOf(adaDetail, { role: ROLE.Manager }),
    });
    expect(demoted.status).toBe(403);
    // An admin may make an admin, and then that user stays admin.
    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    const promoted = await admin.client.accountManagement.update({
      params: { id: mark.id },
      body: editOf(await detailOf(admin.client, mark.id), { role: ROLE.Admin }),
    });
    expect(promoted.body.result?.role).toBe(ROLE.Admin);
    await db().updateTable('users').set({ role: ROLE.Manager }).where('id', '=', mark.id).execute();
    // A standard user edits nobody else.
    const standard = await signedIn(server.app, 'user@acme-labs.example');
    const byStandard = await standard.client.accountManagement.update({
      params: { id: mark.id },
      body: editOf(await detailOf(admin.client, mark.id)),
    });
    expect(byStandard.status).toBe(403);
  });

  it("refuses another customer's user with 404 and another customer's location with 403", async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const gus = await userRow('user@globex.example');
    const gusEdit: ProfileEdit = {
      firstName: 'G',
      lastName: 'U',
      languageId: 1,
      officePhone: '+1 555 0100',
      department: 'R',
      role: ROLE.StandardUser,
      jobTitle: null,
    };
    expect((await client.accountManagement.update({ params: { id: gus.id }, body: gusEdit })).status).toBe(404);
    const uma = await userRow('user@acme-labs.example');
    const globexLocation = gus.location_id!;
    const moved = await client.accountManagement.update({
      params: { id: uma.id },
      body: editOf(await detailOf(client, uma.id), { locationId: globexLocation }),
    });
    expect(moved.status).toBe(403);
  });

  it('enables an inactive user for an admin, which moves them to the active list', async () => {
    const uma = await userRow('user@acme-labs.example');
    await db().updateTable('users').set({ is_active: false }).where('id', '=', uma.id).execute();
    const pe = await signedIn(server.app, 'pe@provider.example');
    const inactive = await pe.adminClient.accountManagement.list({
      body: query({
        isActive: false,
        pageSize: 10,
        filterSettings: [{ field: 'displayName', operator: FilterOperator.Contains, value: ['Uma Stand'] }],
      }),
    });
    expect(inactive.body.result!.items.map((u) => u.userId)).toEqual([uma.id]);
    expect(inactive.body.result!.items[0]!.isActive).toBe(false);
    const manager = await signedIn(server.app, 'manager@acme-labs.example');
    expect(
      (await manager.client.accountManagement.update({ params: { id: uma.id }, body: { isActive: true } })).status,
    ).toBe(403);
    const enabled = await pe.adminClient.accountManagement.update({ params: { id: uma.id }, body: { isActive: true } });
    expect(enabled.status).toBe(200);
    const stillInactive = await pe.adminClient.accountManagement.list({
      body: query({ isActive: false, pageSize: 1000 }),
    });
    expect(stillInactive.body.result!.items.map((u) => u.userId)).not.toContain(uma.id);
    const active = await listOf((await signedIn(server.app, 'admin@acme-labs.example')).client);
    expect(active.items.map((u) => u.userId)).toContain(uma.id);
  });

  it('refuses bad input with 400', async () => {
    const { client } = await signedIn(server.app, 'admin@acme-labs.example');
    const uma = await userRow('user@acme-labs.example');
    const bad = { ...editOf(await detailOf(client, uma.id)), firstName: 'x'.repeat(31) };
    expect((await client.accountManagement.update({ params: { id: uma.id }, body: bad })).status).toBe(400);
    expect(
      (await client.accountManagement.update({ params: { id: uma.id }, body: { isActive: false } as never })).status,
    ).toBe(400);
  });
});

describe('DELETE users/{id}', () => {
  it('nobody removes themself, a standard user removes nobody, a manager no admin', async () => {
    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    const ada = await userRow('admin@acme-labs.example');
    expect((await admin.client.accountManagement.remove({ params: { id: ada.id } })).status).toBe(403);
    const standard = await signedIn(server.app, 'user@acme-labs.example');
    const mark = await userRow('manager@acme-labs.example');
    expect((await standard.client.accountManagement.remove({ params: { id: mark.id } })).status).toBe(403);
    const manager = await signedIn(server.app, 'manager@acme-labs.example');
    expect((await manager.client.accountManagement.remove({ params: { id: ada.id } })).status).toBe(403);
    const gus = await userRow('user@globex.example');
    expect((await admin.client.accountManagement.remove({ params: { id: gus.id } })).status).toBe(404);
  });

  it("answers the removed user's browser 30005 at once and until it signs out, keeps what they did attributed, and hides them", async () => {
    const victim = await db()
      .selectFrom('users')
      .selectAll()
      .where('customer_id', '=', (await userRow('admin@acme-labs.example')).customer_id)
      .where('email', 'not in', [
        'admin@acme-labs.example',
        'manager@acme-labs.example',
        'user@acme-labs.example',
        'new@acme-labs.example',
      ])
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('users')
      .set({ password_hash: (await userRow('admin@acme-labs.example')).password_hash })
      .where('id', '=', victim.id)
      .execute();
    const equipment = await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', victim.customer_id)
      .executeTakeFirstOrThrow();
    const reservation = await db()
      .insertInto('reservations')
      .values({
        customer_id: victim.customer_id,
        equipment_id: equipment.id,
        reserved_by: victim.id,
        start_date: new Date(Date.now() + 86_400_000 * 30),
        end_date: new Date(Date.now() + 86_400_000 * 31),
        comments: 'kept after removal',
        series_id: null,
        created_at: new Date(),
        last_update_time: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await signedIn(server.app, victim.email);
    expect((await theirs.client.users.me()).status).toBe(200);

    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    const removed = await admin.client.accountManagement.remove({ params: { id: victim.id } });
    expect(removed.status).toBe(200);

    const next = await theirs.client.users.me();
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ errorCode: ErrorCode.AccountRemoved });
    // Every later call of that browser hears the same (a background call may come first); signing out ends it.
    expect((await theirs.client.users.me()).body).toMatchObject({ errorCode: ErrorCode.AccountRemoved });
    await theirs.client.account.logout({ body: {} });
    expect((await theirs.client.users.me()).status).toBe(401);
    const again = await theirs.client.account.login({ body: { emailAddress: victim.email, password: 'Portal2026' } });
    expect(again.body).toMatchObject({ errorCode: ErrorCode.InvalidCredentials });

    expect((await admin.client.accountManagement.get({ params: { id: victim.id } })).status).toBe(404);
    expect((await listOf(admin.client, { pageSize: 1000 })).items.map((u) => u.userId)).not.toContain(victim.id);
    const kept = await db()
      .selectFrom('reservations')
      .select('reserved_by')
      .where('id', '=', reservation.id)
      .executeTakeFirstOrThrow();
    expect(kept.reserved_by).toBe(victim.id);
    expect(
      (await db().selectFrom('users').select('first_name').where('id', '=', victim.id).executeTakeFirstOrThrow())
        .first_name,
    ).toBe(victim.first_name);
  });
});

describe('GET users/{id}', () => {
  it("gives a colleague's avatar", async () => {
    const uma = await userRow('user@acme-labs.example');
    await db()
      .updateTable('users')
      .set({
        avatar_bucket_name: 'portal-files',
        avatar_key: `avatars/${uma.id}/a.png`,
        avatar_thumbnail_key: `avatars/${uma.id}/t.png`,
      })
      .where('id', '=', uma.id)
      .execute();
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    expect((await detailOf(client, uma.id)).avatarUrl).toMatch(/a\.png/);
    const row = (await listOf(client)).items.find((u) => u.userId === uma.id)!;
    expect(row.avatarThumbnailUrl).toMatch(/t\.png/);
  });
});
