import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterOperator } from '../../contract/listQuery';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

/**
 * POST Equipment/list/count: the exact number of matches of the inventory's filters and keyword, counted within a
 * time bound (else a lower bound, exact false), kept 60 s per customer, list version and query.
 */
let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let acmeId: number;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startApiServer({ exactCountMax: 2 });
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  acmeId = (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => server.close());

const count = async (client: InjectClient, body: Record<string, unknown>) => {
  const res = await client.equipment.listCount({ body: body as never });
  return { status: res.status, body: res.body as { errorCode: number; result?: { count: number; exact: boolean } } };
};

/** The visible instruments of Acme whose manufacturer contains `text`, counted by plain SQL. */
const sqlCount = async (text: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from equipment
        where customer_id = ${acmeId} and not is_hidden and mfg ilike ${`%${text}%`}`.execute(db())
    ).rows[0]!.n,
  );

const byMfg = (text: string) => ({
  filterSettings: [{ field: 'mfg', value: [text], operator: FilterOperator.Contains }],
});

describe('POST Equipment/list/count', () => {
  it('answers the exact number of matches, as plain SQL counts them, beyond the list cap', async () => {
    const expected = await sqlCount('a');
    expect(expected).toBeGreaterThan(2);
    const list = await user.equipment.list({ body: { pageSize: 1, ...byMfg('a') } as never });
    expect((list.body as { result: { totalCountExact: boolean } }).result.totalCountExact).toBe(false);
    expect(await count(user, byMfg('a'))).toEqual({
      status: 200,
      body: expect.objectContaining({ errorCode: 0, result: { count: expected, exact: true } }),
    });
  });

  it('serves the same count again within its time, and counts afresh once an instrument changes', async () => {
    const first = (await count(user, byMfg('e'))).body.result!;
    const victim = await db()
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', '=', acmeId)
      .where('is_hidden', '=', false)
      .where('mfg', 'ilike', '%e%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A match added behind the counters' back (no trigger, no event) is not seen: the cached figure is served.
    await sql`alter table equipment disable trigger user`.execute(db());
    try {
      await sql`update equipment set mfg = 'zzz' where id = ${victim.id}`.execute(db());
      expect((await count(user, byMfg('e'))).body.result).toEqual(first);
    } finally {
      await sql`update equipment set mfg = ${'e-restored'} where id = ${victim.id}`.execute(db());
      await sql`alter table equipment enable trigger user`.execute(db());
    }
    // Hiding an instrument changes the list's version: the count is taken again.
    await db().updateTable('equipment').set({ is_hidden: true }).where('id', '=', victim.id).execute();
    const after = (await count(user, byMfg('e'))).body.result!;
    expect(after).toEqual({ count: first.count - 1, exact: true });
    expect(after.count).toBe(await sqlCount('e'));
    await db().updateTable('equipment').set({ is_hidden: false }).where('id', '=', victim.id).execute();
  });

  it("counts only the current customer's instruments: another customer's user gets their own figure", async () => {
    const globex = (await signedIn(server.app, 'user@globex.example')).client;
    const globexId = (
      await db().selectFrom('customers').select('id').where('name', '=', 'Globex Corporation').executeTakeFirstOrThrow()
    ).id;
    const expected = Number(
      (
        await sql<{ n: string }>`select count(*) as n from equipment
          where customer_id = ${globexId} and not is_hidden and mfg ilike '%a%'`.execute(db())
      ).rows[0]!.n,
    );
    expect((await count(globex, byMfg('a'))).body.result).toEqual({ count: expected, exact: true });
    expect(expected).not.toBe(await sqlCount('a'));
  });

  it('refuses the products-management count to a customer user', async () => {
    const res = await count(user, { ...byMfg('a'), listType: 'productsManagement' });
    expect(res.status).toBe(403);
  });

  it('refuses a field the list does not know and a malformed body', async () => {
    const unknown = await count(user, {
      filterSettings: [{ field: 'passwordHash', value: ['x'], operator: FilterOperator.Contains }],
    });
    expect(unknown.status).toBe(400);
    expect((await count(user, { filterSettings: 'mfg' })).status).toBe(400);
    expect((await count(user, { listType: 'everything' })).status).toBe(400);
  });
});

describe('POST Equipment/list/count past its time bound', () => {
  let bounded: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    bounded = await startApiServer({ exactCountMax: 2, countBoundMs: 0 });
  });
  afterAll(() => bounded.close());

  it('answers the count reached, not exact: more than that many match', async () => {
    const client = (await signedIn(bounded.app, 'user@acme-labs.example')).client;
    expect(await sqlCount('a')).toBeGreaterThan(2);
    expect((await count(client, byMfg('a'))).body.result).toEqual({ count: 2, exact: false });
  });
});
