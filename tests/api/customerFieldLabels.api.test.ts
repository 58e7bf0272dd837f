import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import type { Customer, CustomerFieldLabels, CustomerFieldLabelsUpdate } from '../../contract/customers';
import { AccessCode } from '../../contract/permissions';
import type { LoggedInUser } from '../../contract/users';
import { startApiServer } from '../support/apiServer';
import { resultOf } from '../support/apiCalls';
import { injectClient, signedIn } from '../support/injectClient';

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
const PE = 'pe@provider.example';
const GENERIC: CustomerFieldLabelsUpdate = {
  customizeAssetId: null,
  customizeGeneral1: null,
  customizeGeneral2: null,
  customizeGeneral3: null,
};
const LABELS: CustomerFieldLabelsUpdate = {
  customizeAssetId: 'Inventarnummer',
  customizeGeneral1: 'Cost owner',
  customizeGeneral2: 'Qualification',
  customizeGeneral3: 'Lab book',
};

const labelsOf = (customer: CustomerFieldLabels) => ({
  customizeAssetId: customer.customizeAssetId,
  customizeGeneral1: customer.customizeGeneral1,
  customizeGeneral2: customer.customizeGeneral2,
  customizeGeneral3: customer.customizeGeneral3,
});
const storedLabels = () =>
  db()
    .selectFrom('customers')
    .select(['id', 'customize_asset_id', 'customize_general1', 'customize_general2', 'customize_general3'])
    .orderBy('id')
    .execute();
const sessionCustomerOf = async (email: string) =>
  resultOf<LoggedInUser>(await (await signedIn(server.app, email)).client.users.me()).userLocation.customer;

beforeEach(async () => {
  await db()
    .updateTable('customers')
    .set({ customize_asset_id: null, customize_general1: null, customize_general2: null, customize_general3: null })
    .execute();
});

describe("a customer's field labels", () => {
  it("a PE user in admin mode sets them; the customer's users read them, other customers' users do not", async () => {
    const { adminClient } = await signedIn(server.app, PE);
    const set = resultOf<Customer>(
      await adminClient.customers.updateFieldLabels({ params: { customerId: acme() }, body: LABELS }),
    );
    expect(set.id).toBe(acme());
    expect(labelsOf(set)).toEqual(LABELS);
    for (const email of ['user@acme-labs.example', 'admin@acme-labs.example']) {
      expect(labelsOf(await sessionCustomerOf(email))).toEqual(LABELS);
    }
    for (const email of ['user@globex.example', 'admin@globex.example']) {
      expect(labelsOf(await sessionCustomerOf(email))).toEqual(GENERIC);
    }
    const others = (await storedLabels()).filter((c) => c.id !== acme());
    expect(others.every((c) => !c.customize_asset_id && !c.customize_general1)).toBe(true);
    const listed = resultOf<Customer[]>(await adminClient.customers.list({ query: { keyword: 'Acme' } }));
    expect(labelsOf(listed[0]!)).toEqual(LABELS);
  });

  it('trims the labels, stores blank as the generic label, and records the change as an event', async () => {
    const { adminClient } = await signedIn(server.app, PE);
    const body = {
      customizeAssetId: '  Tag no.  ',
      customizeGeneral1: '   ',
      customizeGeneral2: '',
      customizeGeneral3: null,
    };
    const set = resultOf<Customer>(
      await adminClient.customers.updateFieldLabels({ params: { customerId: acme() }, body }),
    );
    expect(labelsOf(set)).toEqual({ ...GENERIC, customizeAssetId: 'Tag no.' });
    const event = await db()
      .selectFrom('events')
      .select(['customer_id', 'entity_id', 'payload'])
      .where('event_type', '=', 'customer.fieldLabelsChanged')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      customer_id: acme(),
      entity_id: String(acme()),
      payload: { customizeAssetId: 'Tag no.' },
    });
  });

  it('refuses customer users with 403, in normal and in admin mode, and changes nothing', async () => {
    const before = await storedLabels();
    for (const email of ['admin@acme-labs.example', 'user@acme-labs.example', 'admin@globex.example']) {
      const { client, adminClient } = await signedIn(server.app, email);
      for (const caller of [client, adminClient]) {
        const res = await caller.customers.updateFieldLabels({ params: { customerId: acme() }, body: LABELS });
        expect(res.status).toBe(403);
      }
    }
    expect(await storedLabels()).toEqual(before);
  });

  it('refuses provider staff without the admin access code with 403 and a caller without a session with 401', async () => {
    const pe = await db().selectFrom('users').select('id').where('email', '=', PE).executeTakeFirstOrThrow();
    const { client } = await signedIn(server.app, PE);
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', pe.id)
      .where('access_code', '=', AccessCode.Admin)
      .execute();
    try {
      const res = await client.customers.updateFieldLabels({ params: { customerId: acme() }, body: LABELS });
      expect(res.status).toBe(403);
    } finally {
      await db().insertInto('user_access_codes').values({ user_id: pe.id, access_code: AccessCode.Admin }).execute();
    }
    const anonymous = injectClient(server.app).client;
    expect((await anonymous.customers.updateFieldLabels({ params: { customerId: acme() }, body: LABELS })).status).toBe(
      401,
    );
    expect(labelsOf(await sessionCustomerOf('user@acme-labs.example'))).toEqual(GENERIC);
  });

  it('refuses bad input with 400 naming the field, an unknown customer with 404, and stores nothing', async () => {
    const { adminClient } = await signedIn(server.app, PE);
    const before = await storedLabels();
    const refused = async (body: unknown, customerId = acme()) => {
      const res = await adminClient.customers.updateFieldLabels({
        params: { customerId },
        body: body as CustomerFieldLabelsUpdate,
      });
      return { status: res.status, issues: ((res.body as ErrorBody).issues ?? []).map((i) => i.path.join('.')) };
    };
    expect(await refused({ ...LABELS, customizeGeneral2: 'x'.repeat(31) })).toEqual({
      status: 400,
      issues: ['customizeGeneral2'],
    });
    for (const label of ['{{assetIdLabel}}', '$t(common:ok)', '<b>Tag</b>', 'Tag\u0007no', 'Tag\u202eon']) {
      expect(await refused({ ...LABELS, customizeAssetId: label })).toEqual({
        status: 400,
        issues: ['customizeAssetId'],
      });
    }
    expect((await refused({ ...LABELS, customizeAssetId: 'Tag\u0000no' })).status).toBe(400);
    const started = performance.now();
    expect((await refused({ ...LABELS, customizeGeneral1: `${'a'.repeat(200 * 1024)}{` })).status).toBe(400);
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await refused({ customizeAssetId: 'Tag' })).status).toBe(400);
    expect((await refused({ ...LABELS, customerId: acme() })).status).toBe(400);
    expect((await refused({ ...LABELS, customizeAssetId: 7 })).status).toBe(400);
    expect((await refused(LABELS, 99_999)).status).toBe(404);
    expect(await storedLabels()).toEqual(before);
  });

  it('the database refuses a label longer than the limit from any writer', async () => {
    await expect(
      db()
        .updateTable('customers')
        .set({ customize_asset_id: 'x'.repeat(31) })
        .where('id', '=', acme())
        .execute(),
    ).rejects.toThrow();
  });
});
