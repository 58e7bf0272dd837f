import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALUE_SEARCH_MAX_LENGTH, VALUE_SEARCH_MAX_WORDS } from '../../contract/listQuery';
import { resultOf } from '../support/apiCalls';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let acmeManager: InjectClient;
let globex: InjectClient;
const db = () => server.database.db;
type Suggestions = Record<string, (string | null)[]>;

beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
  acmeManager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  // Each of Acme's instruments in a room of its own, so the room column has more values than one page shows; a
  // room of Globex's is named like none of Acme's.
  await sql`update equipment set room = 'Lab ' || lpad(id::text, 6, '0')
    where customer_id = (select customer_id from users where email = 'user@acme-labs.example')`.execute(db());
  await sql`update equipment set room = 'Globex vault 100%_x' where id = (select min(id) from equipment
    where customer_id = (select customer_id from users where email = 'user@globex.example'))`.execute(db());
  await sql`update service_calls set cust_ref_no = 'PO-4711-' || id
    where customer_id = (select customer_id from users where email = 'user@acme-labs.example')`.execute(db());
});
afterAll(() => server.close());

const inventoryRooms = async (client: InjectClient, valueSearch?: string, pageSize = 100) =>
  resultOf<Suggestions>(
    await client.equipment.filterFields({
      body: { pageSize, pageIndex: 0, selectFields: ['room'], listType: 'inventory', valueSearch },
    }),
  ).room!;

/** Acme's rooms in the order the suggestions give them, read by plain SQL. */
async function acmeRooms(): Promise<string[]> {
  const { rows } = await sql<{ room: string }>`select distinct room from equipment
    where customer_id = (select customer_id from users where email = 'user@acme-labs.example') and not is_hidden
    order by room`.execute(db());
  return rows.map((r) => r.room);
}

describe('POST .../FilterFields with the words typed in a column filter', () => {
  it('finds a value beyond the first page of suggestions', async () => {
    const rooms = await acmeRooms();
    expect(rooms.length).toBeGreaterThan(100);
    const firstPage = await inventoryRooms(acme);
    expect(firstPage).toEqual(rooms.slice(0, 100));
    const last = rooms.at(-1)!;
    expect(firstPage).not.toContain(last);
    expect(await inventoryRooms(acme, last.toLowerCase())).toEqual([last]);
  });

  it('asks every word to be contained, case ignored, in any order', async () => {
    const rooms = await acmeRooms();
    const digits = rooms.at(-1)!.slice(-3);
    const expected = rooms.filter((r) => r.includes(digits));
    expect(await inventoryRooms(acme, `${digits}   LAB`)).toEqual(expected);
    expect(await inventoryRooms(acme, 'lab nowhere')).toEqual([]);
  });

  it("takes the typed wildcards literally and never shows another customer's values", async () => {
    expect(await inventoryRooms(acme, '%')).toEqual([]);
    expect(await inventoryRooms(acme, '_')).toEqual([]);
    expect(await inventoryRooms(acme, 'vault')).toEqual([]);
    expect(await inventoryRooms(globex, '100%_')).toEqual(['Globex vault 100%_x']);
    expect(await inventoryRooms(globex, '100%x')).toEqual([]);
  });

  it('searches the locations a list points to, the work orders and the users', async () => {
    const cities = resultOf<Suggestions>(
      await acme.equipment.filterFields({
        body: { pageSize: 100, selectFields: ['location.city'], listType: 'inventory' } as never,
      }),
    )['location.city']!.filter((c): c is string => c !== null);
    expect(cities.length).toBeGreaterThan(0);
    const city = cities[0]!;
    const found = resultOf<Suggestions>(
      await acme.equipment.filterFields({
        body: {
          pageSize: 100,
          selectFields: ['location.city'],
          listType: 'inventory',
          valueSearch: city.slice(1).toUpperCase(),
        } as never,
      }),
    )['location.city']!;
    expect(found).toContain(city);
    expect(found.every((c) => c?.toLowerCase().includes(city.slice(1).toLowerCase()))).toBe(true);

    for (const isHistory of [false, true]) {
      const { rows } = await sql<{ ref: string }>`select cust_ref_no as ref from service_calls
        where customer_id = (select customer_id from users where email = 'user@acme-labs.example')
          and is_history = ${isHistory} order by id desc limit 1`.execute(db());
      const ref = rows[0]?.ref;
      const refs = resultOf<Suggestions>(
        await acme.serviceCalls.filterFields({
          query: { isHistory },
          body: { pageSize: 100, selectFields: ['custRefNo'], valueSearch: ref ?? 'PO-4711-' } as never,
        }),
      ).custRefNo!;
      expect(refs.length).toBeGreaterThan(0);
      if (ref) expect(refs).toContain(ref);
      expect(refs.every((r) => r?.startsWith('PO-4711-'))).toBe(true);
      const theirs = resultOf<Suggestions>(
        await globex.serviceCalls.filterFields({
          query: { isHistory },
          body: { pageSize: 100, selectFields: ['custRefNo'], valueSearch: 'PO-4711' } as never,
        }),
      ).custRefNo!;
      expect(theirs).toEqual([]);
    }

    const lastNames = resultOf<Suggestions>(
      await acmeManager.accountManagement.filterFields({
        body: { pageSize: 100, pageIndex: 0, filterSettings: [], selectFields: ['lastName'], valueSearch: 'MANAG' },
      }),
    ).lastName!;
    expect(lastNames).toEqual(['Manager']);
    const otherCustomers = resultOf<Suggestions>(
      await acmeManager.accountManagement.filterFields({
        body: {
          pageSize: 100,
          pageIndex: 0,
          filterSettings: [],
          selectFields: ['emailAddress'],
          valueSearch: 'globex',
        },
      }),
    ).emailAddress!;
    expect(otherCustomers).toEqual([]);
  });

  it('refuses search words too long or too many with 400, before reading them', async () => {
    const refused = async (valueSearch: unknown) =>
      (
        await acme.equipment.filterFields({
          body: { pageSize: 100, selectFields: ['room'], listType: 'inventory', valueSearch } as never,
        })
      ).status;
    expect(await refused('x'.repeat(VALUE_SEARCH_MAX_LENGTH))).toBe(200);
    expect(await refused('x'.repeat(VALUE_SEARCH_MAX_LENGTH + 1))).toBe(400);
    expect(await refused(' a'.repeat(VALUE_SEARCH_MAX_WORDS))).toBe(200);
    expect(await refused(' a'.repeat(VALUE_SEARCH_MAX_WORDS + 1))).toBe(400);
    expect(await refused(' '.repeat(10_000))).toBe(400);
    expect(await refused(['lab'])).toBe(400);
    expect(await refused(42)).toBe(400);
    const users = await acmeManager.accountManagement.filterFields({
      body: { pageSize: 100, pageIndex: 0, filterSettings: [], selectFields: ['lastName'], valueSearch: 'a b c d e f' },
    });
    expect(users.status).toBe(400);
    const orders = await acme.serviceCalls.filterFields({
      query: { isHistory: false },
      body: { pageSize: 100, selectFields: ['custRefNo'], valueSearch: 'y'.repeat(101) } as never,
    });
    expect(orders.status).toBe(400);
  });
});
