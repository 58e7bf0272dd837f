import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterOperator } from '../../contract/listQuery';
import { AccessCode } from '../../contract/permissions';
import { appendEvent } from '../../api-mock/src/db/events';
import { createContract } from '../factories/contract';
import { seededFaker } from '../factories/random';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

/**
 * The count calls of the work-order, user and contract lists (ServiceCall/list/count, users/list/count,
 * contract/list/count): the exact number of matches of a list whose page could count only up to its cap, counted
 * within a time bound (else a lower bound, exact false), kept 60 s per customer, list version and query.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
const customers: Record<string, number> = {};
const db = () => server.database.db;
const clients: Record<string, InjectClient> = {};
const as = async (email: string) => (clients[email] ??= (await signedIn(server.app, email)).client);

beforeAll(async () => {
  server = await startApiServer({ exactCountMax: 2 });
  for (const c of await db().selectFrom('customers').select(['id', 'customer_folder']).execute()) {
    customers[c.customer_folder] = c.id;
  }
  const f = seededFaker(3636);
  await db()
    .insertInto('contracts')
    .values([
      ...Array.from({ length: 12 }, () => createContract(f, { customer_id: customers.acme! })),
      ...Array.from({ length: 5 }, () => createContract(f, { customer_id: customers.globex! })),
    ])
    .execute();
});
afterAll(() => server.close());

type Answer = { status: number; body: { errorCode: number; result?: { count: number; exact: boolean } } };
const answer = (res: { status: number; body: unknown }) => res as Answer;
const countOf = async (res: Promise<{ status: number; body: unknown }>) => answer(await res).body.result;

const plainCount = async (query: ReturnType<typeof sql<{ n: string }>>) =>
  Number((await query.execute(db())).rows[0]!.n);

/** A bump of the customer's list versions: an event as every change of its rows writes one. */
const changeOf = (customerId: number, entityType: string) =>
  appendEvent(db(), {
    customerId,
    actorId: null,
    entityType,
    entityId: 0,
    eventType: `${entityType}.testChanged`,
    payload: {},
  });

describe('POST ServiceCall/list/count', () => {
  const notBlank = (field: string) => ({ filterSettings: [{ field, operator: FilterOperator.NotBlank, value: [] }] });
  const count = (client: InjectClient, isHistory: boolean, body: Record<string, unknown>) =>
    client.serviceCalls.listCount({ query: { isHistory }, body: body as never });
  const sqlCount = (customerId: number, isHistory: boolean) =>
    plainCount(sql<{ n: string }>`select count(*) as n from service_calls where customer_id = ${customerId}
      and is_history = ${isHistory} and svmx_order_no <> ''`);

  it('answers the exact number of matches of each tab, as plain SQL counts them, beyond the list cap', async () => {
    const acme = await as('user@acme-labs.example');
    for (const isHistory of [true, false]) {
      const expected = await sqlCount(customers.acme!, isHistory);
      expect(expected).toBeGreaterThan(2);
      const body = notBlank('svmxOrderNo');
      const page = await acme.serviceCalls.list({ query: { isHistory }, body: { pageSize: 1, ...body } });
      expect(page.body).toMatchObject({ result: { totalCount: 2, totalCountExact: false } });
      expect(answer(await count(acme, isHistory, body))).toMatchObject({
        status: 200,
        body: { errorCode: 0, result: { count: expected, exact: true } },
      });
    }
  });

  it("counts only the current customer's work orders", async () => {
    const globex = await as('user@globex.example');
    const expected = await sqlCount(customers.globex!, true);
    expect(expected).not.toBe(await sqlCount(customers.acme!, true));
    expect(await countOf(count(globex, true, notBlank('svmxOrderNo')))).toEqual({ count: expected, exact: true });
  });

  it('serves the same count again within its time, and counts afresh once a work order changes', async () => {
    const acme = await as('user@acme-labs.example');
    const body = { ...notBlank('svmxOrderNo'), fullTextSearchSetting: { keyword: '' } };
    const first = await countOf(count(acme, true, body));
    const one = await db()
      .selectFrom('service_calls')
      .select(['id', 'svmx_order_no'])
      .where('customer_id', '=', customers.acme!)
      .where('is_history', '=', true)
      .where('svmx_order_no', '<>', '')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A change that wrote no event is not seen: the cached figure is served.
    await db().updateTable('service_calls').set({ svmx_order_no: null }).where('id', '=', one.id).execute();
    try {
      expect(await countOf(count(acme, true, body))).toEqual(first);
      await changeOf(customers.acme!, 'serviceCall');
      const after = await countOf(count(acme, true, body));
      expect(after).toEqual({ count: first!.count - 1, exact: true });
      expect(after!.count).toBe(await sqlCount(customers.acme!, true));
    } finally {
      await db()
        .updateTable('service_calls')
        .set({ svmx_order_no: one.svmx_order_no })
        .where('id', '=', one.id)
        .execute();
    }
  });

  it('answers 400 for an unknown field, a malformed body and a missing tab; 401 without a session', async () => {
    const acme = await as('user@acme-labs.example');
    const unknown = await count(acme, true, {
      filterSettings: [{ field: 'password_hash', operator: FilterOperator.In, value: ['x'] }],
    });
    expect(unknown.status).toBe(400);
    expect((await count(acme, true, { filterSettings: 'callStatus' })).status).toBe(400);
    const noTab = await acme.serviceCalls.listCount({ query: {} as never, body: {} });
    expect(noTab.status).toBe(400);
    const signedOut = injectClient(server.app).client;
    expect((await count(signedOut, true, {})).status).toBe(401);
  });
});

describe('POST users/list/count', () => {
  const byEmail = (text: string, isActive = true) => ({
    isActive,
    filterSettings: [{ field: 'emailAddress', operator: FilterOperator.Contains, value: [text] }],
  });
  const count = (client: InjectClient, body: Record<string, unknown>) =>
    client.accountManagement.listCount({ body: body as never });
  const sqlCount = (customerId: number, text: string) =>
    plainCount(sql<{ n: string }>`select count(*) as n from users where customer_id = ${customerId}
      and deleted_at is null and is_active and email ilike ${`%${text}%`}`);

  it('answers the exact number of matching users, as plain SQL counts them, beyond the list cap', async () => {
    const manager = await as('manager@acme-labs.example');
    const expected = await sqlCount(customers.acme!, 'example');
    expect(expected).toBeGreaterThan(2);
    const page = await manager.accountManagement.list({ body: { pageIndex: 0, pageSize: 1, ...byEmail('example') } });
    expect(page.body).toMatchObject({ result: { totalCount: 2, totalCountExact: false } });
    expect(answer(await count(manager, byEmail('example')))).toMatchObject({
      status: 200,
      body: { errorCode: 0, result: { count: expected, exact: true } },
    });
  });

  it("counts only the current customer's users", async () => {
    const globex = await as('admin@globex.example');
    const expected = await sqlCount(customers.globex!, 'example');
    expect(expected).not.toBe(await sqlCount(customers.acme!, 'example'));
    expect(await countOf(count(globex, byEmail('example')))).toEqual({ count: expected, exact: true });
  });

  it('counts afresh once a user of the customer changes', async () => {
    const manager = await as('manager@acme-labs.example');
    const first = await countOf(count(manager, byEmail('.example')));
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'new@acme-labs.example')
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    try {
      expect(await countOf(count(manager, byEmail('.example')))).toEqual(first);
      await changeOf(customers.acme!, 'user');
      expect(await countOf(count(manager, byEmail('.example')))).toEqual({ count: first!.count - 1, exact: true });
    } finally {
      await db().updateTable('users').set({ is_active: true }).where('id', '=', user.id).execute();
    }
  });

  it("counts every customer's users in admin mode, and refuses admin mode to a customer's admin", async () => {
    const pe = await signedIn(server.app, 'pe@provider.example');
    const everyone = await plainCount(sql<{ n: string }>`select count(*) as n from users
      where deleted_at is null and is_active and email ilike '%example%'`);
    expect(everyone).toBeGreaterThan(await sqlCount(customers.acme!, 'example'));
    const counted = await countOf(pe.adminClient.accountManagement.listCount({ body: byEmail('example') }));
    expect(counted).toEqual({ count: everyone, exact: true });
    const admin = await signedIn(server.app, 'admin@acme-labs.example');
    expect((await admin.adminClient.accountManagement.listCount({ body: byEmail('example') })).status).toBe(403);
  });

  it('refuses a standard user with 403, and a field the list does not know or a malformed body with 400', async () => {
    expect((await count(await as('user@acme-labs.example'), byEmail('example'))).status).toBe(403);
    const manager = await as('manager@acme-labs.example');
    const unknown = await count(manager, {
      filterSettings: [{ field: 'passwordHash', operator: FilterOperator.Contains, value: ['x'] }],
    });
    expect(unknown.status).toBe(400);
    expect((await count(manager, { isActive: 'yes' })).status).toBe(400);
  });
});

describe('POST contract/list/count', () => {
  const count = (client: InjectClient, body: Record<string, unknown>) =>
    client.contracts.listCount({ body: body as never });
  const sqlCount = (customerId: number) =>
    plainCount(sql<{ n: string }>`select count(*) as n from contracts where customer_id = ${customerId}
      and effective_date >= '1970-01-01'`);
  const started = { filter: { effectiveDate: ['1970-01-01'] } };

  it('answers the exact number of matching contracts, as plain SQL counts them, beyond the list cap', async () => {
    const acme = await as('user@acme-labs.example');
    const expected = await sqlCount(customers.acme!);
    expect(expected).toBeGreaterThan(2);
    const page = await acme.contracts.list({ body: { pageSize: 1, ...started } });
    expect(page.body).toMatchObject({ result: { totalCount: 2, totalCountExact: false } });
    expect(answer(await count(acme, started))).toMatchObject({
      status: 200,
      body: { errorCode: 0, result: { count: expected, exact: true } },
    });
  });

  it("counts only the current customer's contracts, and counts afresh once an instrument changes", async () => {
    const globex = await as('user@globex.example');
    const expected = await sqlCount(customers.globex!);
    expect(expected).not.toBe(await sqlCount(customers.acme!));
    expect(await countOf(count(globex, started))).toEqual({ count: expected, exact: true });
    const f = seededFaker(99);
    await db()
      .insertInto('contracts')
      .values(createContract(f, { customer_id: customers.globex!, effective_date: '2025-02-03' }))
      .execute();
    expect(await countOf(count(globex, started))).toEqual({ count: expected, exact: true });
    await changeOf(customers.globex!, 'equipment');
    expect(await countOf(count(globex, started))).toEqual({ count: expected + 1, exact: true });
  });

  it('refuses a user without the contract-management access code with 403, and a bad filter with 400', async () => {
    const acme = await as('user@acme-labs.example');
    expect((await count(acme, { filter: { effectiveDate: ['not a date'] } })).status).toBe(400);
    expect((await count(acme, { filter: { password: ['x'] } })).status).toBe(400);
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@acme-labs.example')
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', user.id)
      .where('access_code', '=', AccessCode.ContractManagement)
      .execute();
    expect((await count(await as('manager@acme-labs.example'), started)).status).toBe(403);
  });
});

describe('the count calls past their time bound', () => {
  let bounded: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    bounded = await startApiServer({ exactCountMax: 2, countBoundMs: 0 });
    const acmeId = customers.acme!;
    const f = seededFaker(7);
    await bounded.database.db
      .insertInto('contracts')
      .values(Array.from({ length: 3 }, () => createContract(f, { customer_id: acmeId })))
      .execute();
  });
  afterAll(() => bounded.close());

  it('answer the count reached, not exact: more than that many match', async () => {
    const user = (await signedIn(bounded.app, 'user@acme-labs.example')).client;
    const manager = (await signedIn(bounded.app, 'manager@acme-labs.example')).client;
    const notExact = { count: 2, exact: false };
    expect(await countOf(user.serviceCalls.listCount({ query: { isHistory: true }, body: {} }))).toEqual(notExact);
    expect(await countOf(manager.accountManagement.listCount({ body: {} }))).toEqual(notExact);
    expect(await countOf(user.contracts.listCount({ body: {} }))).toEqual(notExact);
  });
});
