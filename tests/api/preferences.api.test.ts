import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import type { Preference, PreferenceCreate, PreferenceListItem } from '../../contract/preferences';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acmeId: number;
let globexId: number;
beforeAll(async () => {
  server = await startApiServer();
  const ids = await server.database.db.selectFrom('customers').select(['id', 'name']).execute();
  acmeId = ids.find((c) => c.name === 'Acme Labs')!.id;
  globexId = ids.find((c) => c.name === 'Globex Corporation')!.id;
});
afterAll(() => server.close());

const db = () => server.database.db;

/** The result of a successful answer; anything else fails the test with the answer. */
function resultOf<T>(res: { status: number; body: unknown }): T {
  const body = res.body as { errorCode?: number; result?: T };
  if (res.status !== 200 || body.errorCode !== 0) throw new Error(`expected success: ${JSON.stringify(res)}`);
  return body.result as T;
}

const inventoryView = (overrides: Partial<PreferenceCreate> = {}): PreferenceCreate => ({
  preferenceKey: 'inventory',
  name: 'My calibration list',
  isDefault: false,
  value: JSON.stringify({ filter: [], sort: [{ field: 'serial', orderType: 0 }], mode: 'grid' }),
  category: null,
  shareScope: 'private',
  publicPreferenceId: null,
  ...overrides,
});

const create = async (client: InjectClient, overrides: Partial<PreferenceCreate> = {}) =>
  resultOf<Preference>(await client.preferences.create({ body: inventoryView(overrides) }));

const list = async (client: InjectClient, keys: string, publicPreferenceId?: number, includedDetail = true) =>
  resultOf<PreferenceListItem[]>(
    await client.preferences.list({ query: { keys, includedDetail, publicPreferenceId } }),
  );

const eventsOf = (id: number) =>
  db()
    .selectFrom('events')
    .select(['event_type', 'customer_id', 'actor_id'])
    .where('entity_type', '=', 'preference')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

const rowOf = (id: number) => db().selectFrom('preferences').selectAll().where('id', '=', id).executeTakeFirst();

const userIdOf = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('saved views of the signed-in user', () => {
  it('saves a view owned by the user and lists the newest view first', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const first = await create(client, { preferenceKey: 'workOrder', name: 'Open orders' });
    const second = await create(client, { preferenceKey: 'workOrder', name: 'Closed orders' });
    expect(second).toMatchObject({
      name: 'Closed orders',
      userId: await userIdOf('user@acme-labs.example'),
      shareScope: 'private',
      publicPreferenceId: null,
      isDefault: false,
    });
    const views = await list(client, 'workOrder');
    expect(views.map((v) => v.preferenceId)).toEqual([second.preferenceId, first.preferenceId]);
    expect(await eventsOf(second.preferenceId)).toEqual([
      { event_type: 'preference.created', customer_id: acmeId, actor_id: second.userId },
    ]);
  });

  it('lists only the asked keys, with the value only when asked for the detail', async () => {
    const { client } = await signedIn(server.app, 'manager@acme-labs.example');
    await create(client, { preferenceKey: 'calendar', name: 'Week of the HPLC lab' });
    await create(client, { preferenceKey: 'productsManagement', name: 'Changed this month' });
    const brief = await list(client, 'calendar', undefined, false);
    expect(brief).toHaveLength(1);
    expect(brief[0]).not.toHaveProperty('value');
    const both = await list(client, 'calendar,productsManagement');
    expect(both.map((v) => v.name).sort()).toEqual(['Changed this month', 'Week of the HPLC lab']);
    expect(both.every((v) => typeof v.value === 'string')).toBe(true);
  });

  it('keeps the theme setting after sign-out and gives it to another browser', async () => {
    const first = await signedIn(server.app, 'admin@globex.example');
    await create(first.client, {
      preferenceKey: 'theme',
      name: 'theme',
      value: JSON.stringify({ pageTheme: 'warm' }),
      category: 'setting',
    });
    await first.client.account.logout({ body: {} });
    const other = await signedIn(server.app, 'admin@globex.example');
    const [theme, ...more] = await list(other.client, 'theme');
    expect(more).toEqual([]);
    expect(JSON.parse(theme!.value!)).toEqual({ pageTheme: 'warm' });
  });

  it('refuses a view without a name or with a value that is not JSON with 400, and saves nothing', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const before = await db().selectFrom('preferences').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await client.preferences.create({ body: inventoryView({ name: '   ', value: '{not json' }) });
    expect(res.status).toBe(400);
    const paths = ((res.body as ErrorBody).issues ?? []).map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'value']));
    const publicWithoutCustomer = await client.preferences.create({
      body: inventoryView({ shareScope: 'public', publicPreferenceId: null }),
    });
    expect(publicWithoutCustomer.status).toBe(400);
    const after = await db().selectFrom('preferences').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('needs a session', async () => {
    const { client } = injectClient(server.app);
    expect((await client.preferences.list({ query: { keys: 'inventory' } })).status).toBe(401);
    expect((await client.preferences.create({ body: inventoryView() })).status).toBe(401);
  });
});

describe('public views', () => {
  it('a public view is listed to the users of its customer who ask for public views, and to nobody else', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const shared = await create(manager, {
      name: 'Team view',
      shareScope: 'public',
      publicPreferenceId: acmeId,
    });
    expect(shared).toMatchObject({ shareScope: 'public', publicPreferenceId: acmeId });
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    expect((await list(user, 'inventory', acmeId)).map((v) => v.preferenceId)).toContain(shared.preferenceId);
    expect((await list(user, 'inventory')).map((v) => v.preferenceId)).not.toContain(shared.preferenceId);
    const globex = (await signedIn(server.app, 'user@globex.example')).client;
    expect((await list(globex, 'inventory', globexId)).map((v) => v.preferenceId)).not.toContain(shared.preferenceId);
  });

  it("never lists another customer's public views: asking for them is refused", async () => {
    const globex = (await signedIn(server.app, 'user@globex.example')).client;
    const res = await globex.preferences.list({ query: { keys: 'inventory', publicPreferenceId: acmeId } });
    expect(res.status).toBe(403);
    const sharing = await globex.preferences.create({
      body: inventoryView({ shareScope: 'public', publicPreferenceId: acmeId }),
    });
    expect(sharing.status).toBe(403);
  });

  it("shows the owner's default flag only to the owner", async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const view = await create(manager, {
      preferenceKey: 'calendarDefaults',
      name: 'Manager default',
      isDefault: true,
      shareScope: 'public',
      publicPreferenceId: acmeId,
    });
    expect(view.isDefault).toBe(true);
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const seen = (await list(user, 'calendarDefaults', acmeId)).find((v) => v.preferenceId === view.preferenceId);
    expect(seen?.isDefault).toBe(false);
  });

  it("a user hides another user's public view from the own list only", async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const shared = await create(manager, { name: 'To hide', shareScope: 'public', publicPreferenceId: acmeId });
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    expect(resultOf(await user.preferences.hide({ params: { id: shared.preferenceId } }))).toBeNull();
    expect((await list(user, 'inventory', acmeId)).map((v) => v.preferenceId)).not.toContain(shared.preferenceId);
    const admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
    expect((await list(admin, 'inventory', acmeId)).map((v) => v.preferenceId)).toContain(shared.preferenceId);
    expect((await eventsOf(shared.preferenceId)).map((e) => e.event_type)).toEqual([
      'preference.created',
      'preference.hidden',
    ]);
  });

  it('an own view cannot be hidden (400)', async () => {
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const own = await create(user, { name: 'Own', shareScope: 'public', publicPreferenceId: acmeId });
    expect((await user.preferences.hide({ params: { id: own.preferenceId } })).status).toBe(400);
    expect(
      await db().selectFrom('hidden_preferences').selectAll().where('preference_id', '=', own.preferenceId).execute(),
    ).toEqual([]);
  });
});

describe('updating, defaults and scope', () => {
  it('the owner updates name and value; another user of the customer is refused and nothing changes', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const view = await create(manager, { name: 'Before', shareScope: 'public', publicPreferenceId: acmeId });
    const value = JSON.stringify({ filter: [{ field: 'mfg', value: ['Agilent'], operator: 7 }] });
    const updated = resultOf<Preference>(
      await manager.preferences.update({
        body: { preferenceId: view.preferenceId, name: 'After', value, isDefault: false, category: null },
      }),
    );
    expect(updated).toMatchObject({ name: 'After', value, shareScope: 'public' });
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const refused = await user.preferences.update({
      body: { preferenceId: view.preferenceId, name: 'Hijacked', value: '{}', isDefault: false, category: null },
    });
    expect(refused.status).toBe(403);
    expect((await rowOf(view.preferenceId))?.name).toBe('After');
    expect((await eventsOf(view.preferenceId)).map((e) => e.event_type)).toEqual([
      'preference.created',
      'preference.updated',
    ]);
  });

  it('one default per user and key: a new default clears the old one, -1 clears all', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const a = await create(client, { preferenceKey: 'workOrderDefaults', name: 'A', isDefault: true });
    const b = await create(client, { preferenceKey: 'workOrderDefaults', name: 'B', isDefault: true });
    const defaults = async () =>
      (await list(client, 'workOrderDefaults')).filter((v) => v.isDefault).map((v) => v.preferenceId);
    expect(await defaults()).toEqual([b.preferenceId]);
    resultOf(
      await client.preferences.setDefault({
        body: { preferenceId: a.preferenceId, preferenceKey: 'workOrderDefaults' },
      }),
    );
    expect(await defaults()).toEqual([a.preferenceId]);
    resultOf(await client.preferences.setDefault({ body: { preferenceId: -1, preferenceKey: 'workOrderDefaults' } }));
    expect(await defaults()).toEqual([]);
    const events = await db()
      .selectFrom('events')
      .select('payload')
      .where('event_type', '=', 'preference.defaultChanged')
      .where('actor_id', '=', b.userId!)
      .execute();
    expect(events.map((e) => e.payload)).toEqual([
      { preferenceId: a.preferenceId, preferenceKey: 'workOrderDefaults' },
      { preferenceId: -1, preferenceKey: 'workOrderDefaults' },
    ]);
  });

  it("a view of another key or another user's view cannot become the default", async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const shared = await create(manager, { name: 'Shared', shareScope: 'public', publicPreferenceId: acmeId });
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const other = await user.preferences.setDefault({
      body: { preferenceId: shared.preferenceId, preferenceKey: 'inventory' },
    });
    expect(other.status).toBe(403);
    const own = await create(user, { name: 'Own' });
    const wrongKey = await user.preferences.setDefault({
      body: { preferenceId: own.preferenceId, preferenceKey: 'calendar' },
    });
    expect(wrongKey.status).toBe(400);
    expect((await rowOf(own.preferenceId))?.is_default).toBe(false);
  });

  it('the owner shares a view and makes it private again', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const view = await create(client, { name: 'Toggle me' });
    const shared = resultOf<Preference>(
      await client.preferences.setScope({
        body: { preferenceId: view.preferenceId, shareScope: 'public', publicPreferenceId: acmeId },
      }),
    );
    expect(shared).toMatchObject({ shareScope: 'public', publicPreferenceId: acmeId });
    const back = resultOf<Preference>(
      await client.preferences.setScope({
        body: { preferenceId: view.preferenceId, shareScope: 'private', publicPreferenceId: null },
      }),
    );
    expect(back).toMatchObject({ shareScope: 'private', publicPreferenceId: null });
    expect((await eventsOf(view.preferenceId)).map((e) => e.event_type)).toEqual([
      'preference.created',
      'preference.scopeChanged',
      'preference.scopeChanged',
    ]);
  });

  it('an ordinary user cannot change the scope of own default views or of views of others', async () => {
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const own = await create(user, { preferenceKey: 'scopeDefaults', name: 'Default', isDefault: true });
    const defaultRes = await user.preferences.setScope({
      body: { preferenceId: own.preferenceId, shareScope: 'public', publicPreferenceId: acmeId },
    });
    expect(defaultRes.status).toBe(403);
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const shared = await create(manager, { name: 'Shared', shareScope: 'public', publicPreferenceId: acmeId });
    const othersRes = await user.preferences.setScope({
      body: { preferenceId: shared.preferenceId, shareScope: 'private', publicPreferenceId: null },
    });
    expect(othersRes.status).toBe(403);
    expect((await rowOf(shared.preferenceId))?.share_scope).toBe('public');
    expect((await rowOf(own.preferenceId))?.share_scope).toBe('private');
  });

  it('an admin makes any public view private; the PE user too, in the customer switched to', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const first = await create(manager, { name: 'Too broad', shareScope: 'public', publicPreferenceId: acmeId });
    const second = await create(manager, { name: 'Also', shareScope: 'public', publicPreferenceId: acmeId });
    const admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
    const res = await admin.preferences.setScope({
      body: { preferenceId: first.preferenceId, shareScope: 'private', publicPreferenceId: null },
    });
    expect(resultOf<Preference>(res)).toMatchObject({ shareScope: 'private', userId: first.userId });
    const pe = (await signedIn(server.app, 'pe@provider.example')).client;
    resultOf(await pe.customers.switchCustomer({ params: { customerId: acmeId }, body: {} }));
    resultOf(
      await pe.preferences.setScope({
        body: { preferenceId: second.preferenceId, shareScope: 'private', publicPreferenceId: null },
      }),
    );
    expect((await rowOf(second.preferenceId))?.share_scope).toBe('private');
  });

  it('a view cannot be shared with another customer', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const view = await create(client, { name: 'Mine' });
    const res = await client.preferences.setScope({
      body: { preferenceId: view.preferenceId, shareScope: 'public', publicPreferenceId: globexId },
    });
    expect(res.status).toBe(403);
    expect((await rowOf(view.preferenceId))?.share_scope).toBe('private');
  });
});

describe('deleting views', () => {
  it('the owner deletes an own view that is not the default', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    const view = await create(client, { name: 'Short-lived' });
    expect(resultOf(await client.preferences.remove({ params: { id: view.preferenceId } }))).toBeNull();
    expect(await rowOf(view.preferenceId)).toBeUndefined();
    expect((await eventsOf(view.preferenceId)).map((e) => e.event_type)).toEqual([
      'preference.created',
      'preference.deleted',
    ]);
  });

  it('an ordinary user cannot delete an own default view nor the public view of another user', async () => {
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    const own = await create(user, { preferenceKey: 'deleteDefaults', name: 'Default', isDefault: true });
    expect((await user.preferences.remove({ params: { id: own.preferenceId } })).status).toBe(403);
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const shared = await create(manager, { name: 'Keep', shareScope: 'public', publicPreferenceId: acmeId });
    expect((await user.preferences.remove({ params: { id: shared.preferenceId } })).status).toBe(403);
    expect(await rowOf(own.preferenceId)).toBeDefined();
    expect(await rowOf(shared.preferenceId)).toBeDefined();
  });

  it('an admin deletes any public view of the customer', async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const shared = await create(manager, { name: 'Obsolete', shareScope: 'public', publicPreferenceId: acmeId });
    const admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
    resultOf(await admin.preferences.remove({ params: { id: shared.preferenceId } }));
    expect(await rowOf(shared.preferenceId)).toBeUndefined();
  });

  it('the initial layout (-1) cannot be deleted, hidden or updated: 400', async () => {
    const { client } = await signedIn(server.app, 'user@acme-labs.example');
    expect((await client.preferences.remove({ params: { id: -1 } })).status).toBe(400);
    expect((await client.preferences.hide({ params: { id: -1 } })).status).toBe(400);
    const update = await client.preferences.update({
      body: { preferenceId: -1, name: 'Initial', value: '{}', isDefault: false, category: null },
    });
    expect(update.status).toBe(400);
  });
});

describe('customer isolation', () => {
  it('a user of Globex gets 404 for every call on an Acme view, and nothing changes', async () => {
    const admin = (await signedIn(server.app, 'admin@acme-labs.example')).client;
    const acmeView = await create(admin, { name: 'Acme only', shareScope: 'public', publicPreferenceId: acmeId });
    const before = await rowOf(acmeView.preferenceId);
    const globex = (await signedIn(server.app, 'admin@globex.example')).client;
    const id = acmeView.preferenceId;
    const answers = [
      await globex.preferences.update({
        body: { preferenceId: id, name: 'X', value: '{}', isDefault: true, category: null },
      }),
      await globex.preferences.setScope({
        body: { preferenceId: id, shareScope: 'private', publicPreferenceId: null },
      }),
      await globex.preferences.setDefault({ body: { preferenceId: id, preferenceKey: 'inventory' } }),
      await globex.preferences.hide({ params: { id } }),
      await globex.preferences.remove({ params: { id } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect(answers.map((a) => (a.body as ErrorBody).errorCode)).toEqual([404, 404, 404, 404, 404]);
    expect(await rowOf(id)).toEqual(before);
    expect((await eventsOf(id)).map((e) => e.event_type)).toEqual(['preference.created']);
    expect(await db().selectFrom('hidden_preferences').selectAll().where('preference_id', '=', id).execute()).toEqual(
      [],
    );
  });

  it("another user's private view answers 404 like an unknown one", async () => {
    const manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    const secret = await create(manager, { name: 'Private' });
    const user = (await signedIn(server.app, 'user@acme-labs.example')).client;
    expect((await user.preferences.hide({ params: { id: secret.preferenceId } })).status).toBe(404);
    expect((await user.preferences.remove({ params: { id: 999_999 } })).status).toBe(404);
  });
});
