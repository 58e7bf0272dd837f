import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/limits';
import { FilterOperator, type FilterSetting, type OrderSetting } from '../../contract/listQuery';
import { createContract } from '../factories/contract';
import { seededFaker } from '../factories/random';
import { startApiServer } from '../support/apiServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { statementsOf, stopWatchingStatements } from '../support/queryPlans';

/**
 * The large lists count their matches exactly up to the server's cap (LIST_EXACT_COUNT_MAX, here a small one) and
 * beyond it answer the cap, not exact; the page is read by another plan on each side of the cap, and both must give
 * the rows plain SQL gives, in the same order.
 */
const CAP = 4;
const PAGE_SIZE = 2;

let server: Awaited<ReturnType<typeof startApiServer>>;
let user: InjectClient;
let manager: InjectClient;
let acmeId: number;
const db = () => server.database.db;

/** Contracts and users of Acme this file adds, pairs of them sharing the sorted value, so the id breaks ties. */
const MARK = 'CAPPED-';

beforeAll(async () => {
  server = await startApiServer({ exactCountMax: CAP });
  user = (await signedIn(server.app, 'user@acme-labs.example')).client;
  manager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
  acmeId = (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow())
    .id;
  const f = seededFaker(3636);
  await db()
    .insertInto('contracts')
    .values(
      Array.from({ length: 12 }, (_, i) =>
        createContract(f, {
          customer_id: acmeId,
          vendor_contract_id: `${MARK}${String(i).padStart(2, '0')}`,
          contract_expiry: `2031-03-${10 + Math.floor(i / 2)}`,
        }),
      ),
    )
    .execute();
  await db()
    .insertInto('users')
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        customer_id: acmeId,
        location_id: null,
        email: `${MARK.toLowerCase()}${i}@acme-labs.example`,
        password_hash: 'not a hash: never signs in',
        first_name: `Colleague ${i}`,
        last_name: `Capped ${Math.floor(i / 2)}`,
        role: ROLE.StandardUser,
        is_pe_user: false,
        language_code: null,
        office_phone: null,
        status_code: 1,
        is_active: true,
        deleted_at: null,
        current_login_time: null,
      })),
    )
    .execute();
});
afterAll(() => server.close());

/** A row of a list: its key in the answer, and the filter value that picks it alone. */
interface Row {
  key: number | string;
  pick: string;
}

interface Answer {
  status: number;
  keys: (number | string)[];
  totalCount?: number;
  totalCountExact?: boolean;
}

interface ListUnderTest {
  /** Every match of the list's query, in its order, by plain SQL. */
  rows(): Promise<Row[]>;
  /** A page of the list's query through the API, narrowed to the rows `picks` picks when given. */
  page(pageIndex: number, picks?: string[], order?: OrderSetting): Promise<Answer>;
}

function answerOf<T>(res: { status: number; body: unknown }, key: (item: T) => number | string): Answer {
  const body = res.body as {
    errorCode?: number;
    result?: { items: T[]; totalCount: number; totalCountExact: boolean };
  };
  if (res.status !== 200 || body.errorCode !== 0) return { status: res.status, keys: [] };
  const { items, totalCount, totalCountExact } = body.result!;
  return { status: 200, keys: items.map(key), totalCount, totalCountExact };
}

const picked = (field: string, picks: string[] | undefined): FilterSetting[] =>
  picks ? [{ field, operator: FilterOperator.In, value: picks }] : [];

const LISTS: Record<string, ListUnderTest> = {
  'Equipment/list (inventory, sorted by a location column)': {
    rows: async () =>
      (
        await sql<{ id: number }>`select e.id from equipment e join locations l on l.id = e.location_id
          where e.customer_id = ${acmeId} and not e.is_hidden and not (e.mfg is null or e.mfg = '')
          order by l.city asc nulls first, e.id asc`.execute(db())
      ).rows.map((r) => ({ key: r.id, pick: String(r.id) })),
    page: async (pageIndex, picks, order) =>
      answerOf<{ equipmentId: number }>(
        await user.equipment.list({
          body: {
            pageIndex,
            pageSize: PAGE_SIZE,
            listType: 'inventory',
            // every instrument has a make: the filter keeps them all, and the list is counted rather than the counters read
            filterSettings: [
              { field: 'mfg', operator: FilterOperator.NotBlank, value: [] },
              ...picked('equipmentId', picks),
            ],
            orderSettings: [order ?? { field: 'location.city', orderType: 0 }],
          },
        }),
        (e) => e.equipmentId,
      ),
  },
  'ServiceCall/list (history, sorted down by city)': {
    rows: async () =>
      (
        await sql<{ id: number; no: string }>`select id, service_order_no as no from service_calls
          where customer_id = ${acmeId} and is_history order by city desc nulls last, id desc`.execute(db())
      ).rows.map((r) => ({ key: r.id, pick: r.no })),
    page: async (pageIndex, picks, order) =>
      answerOf<{ serviceOrderId: number }>(
        await user.serviceCalls.list({
          query: { isHistory: true },
          body: {
            pageIndex,
            pageSize: PAGE_SIZE,
            filterSettings: picked('serviceOrderNo', picks),
            orderSettings: [order ?? { field: 'city', orderType: 1 }],
          } as never,
        }),
        (w) => w.serviceOrderId,
      ),
  },
  'users/list (active, sorted by last name)': {
    rows: async () =>
      (
        await sql<{ id: number; email: string }>`select id, email from users
          where customer_id = ${acmeId} and is_active and deleted_at is null
          order by last_name asc nulls first, id asc`.execute(db())
      ).rows.map((r) => ({ key: r.id, pick: r.email })),
    page: async (pageIndex, picks, order) =>
      answerOf<{ userId: number }>(
        await manager.accountManagement.list({
          body: {
            pageIndex,
            pageSize: PAGE_SIZE,
            isActive: true,
            filterSettings: picked('emailAddress', picks),
            orderSettings: [order ?? { field: 'lastName', orderType: 0 }],
          },
        }),
        (u) => u.userId,
      ),
  },
  'contract/list (the default order: ending last first)': {
    rows: async () =>
      (
        await sql<{ no: string }>`select vendor_contract_id as no from contracts
          where customer_id = ${acmeId} and vendor_contract_id like ${`${MARK}%`}
          order by contract_expiry desc nulls last, id desc`.execute(db())
      ).rows.map((r) => ({ key: r.no, pick: r.no })),
    page: async (pageIndex, picks, order) =>
      answerOf<{ vendorContractId: string }>(
        await user.contracts.list({
          body: {
            pageIndex,
            pageSize: PAGE_SIZE,
            filter: { vendorContractId: picks ?? [MARK] },
            orderSettings: order ? [order] : [],
          } as never,
        }),
        (c) => c.vendorContractId,
      ),
  },
};

const pageOf = (rows: Row[], pageIndex: number) =>
  rows.slice(pageIndex * PAGE_SIZE, (pageIndex + 1) * PAGE_SIZE).map((r) => r.key);

describe.each(Object.entries(LISTS))('%s with the exact count capped', (_, list) => {
  it('answers the cap, not exact, beyond it, and pages in the order plain SQL gives, past the cap too', async () => {
    const rows = await list.rows();
    expect(rows.length).toBeGreaterThanOrEqual(CAP + 2);
    const lastPage = Math.ceil(rows.length / PAGE_SIZE) - 1;
    for (const pageIndex of new Set([0, 1, 2, 3, lastPage])) {
      expect(await list.page(pageIndex), `page ${pageIndex}`).toEqual({
        status: 200,
        keys: pageOf(rows, pageIndex),
        totalCount: CAP,
        totalCountExact: false,
      });
    }
    expect(await list.page(lastPage + 1)).toEqual({ status: 200, keys: [], totalCount: CAP, totalCountExact: false });
  });

  it('answers the exact total up to the cap, the cap itself included, and one more as not exact', async () => {
    const rows = await list.rows();
    // every other match, so the narrowed rows are not next to each other in the list's order
    const spread = rows.filter((_, i) => i % 2 === 1);
    expect(spread.length).toBeGreaterThanOrEqual(CAP + 1);
    for (const size of [1, CAP - 1, CAP, CAP + 1]) {
      const narrowed = spread.slice(0, size);
      const picks = narrowed.map((r) => r.pick);
      const total =
        size <= CAP ? { totalCount: size, totalCountExact: true } : { totalCount: CAP, totalCountExact: false };
      for (const pageIndex of [0, 1, 2])
        expect(await list.page(pageIndex, picks), `${size} matches, page ${pageIndex}`).toEqual({
          status: 200,
          keys: pageOf(narrowed, pageIndex),
          ...total,
        });
    }
  });

  it('refuses a sort field the list does not know, beyond the cap and within it, on any page (400)', async () => {
    const rows = await list.rows();
    const unknown: OrderSetting = { field: 'noSuchField', orderType: 0 };
    expect((await list.page(0, undefined, unknown)).status).toBe(400);
    expect((await list.page(50, undefined, unknown)).status).toBe(400);
    expect((await list.page(0, [rows[0]!.pick], unknown)).status).toBe(400);
    expect((await list.page(50, [rows[0]!.pick], unknown)).status).toBe(400);
  });
});

describe('the unfiltered inventory', () => {
  it('answers its exact total from the counters whatever the cap', async () => {
    const answer = answerOf<{ equipmentId: number }>(
      await user.equipment.list({
        body: { pageIndex: 0, pageSize: PAGE_SIZE, listType: 'inventory', filterSettings: [], orderSettings: [] },
      }),
      (e) => e.equipmentId,
    );
    const counted = await db()
      .selectFrom('equipment')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('customer_id', '=', acmeId)
      .where('is_hidden', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBeGreaterThan(CAP);
    expect(answer).toMatchObject({ status: 200, totalCount: Number(counted.n), totalCountExact: true });
  });
});

describe.skipIf(process.env.API_DB !== 'postgres')(
  'filter suggestions with the exact count capped (PostgreSQL: the statements are watched on its client)',
  () => {
    afterAll(() => stopWatchingStatements());
    const SUGGESTED: Record<string, (filters: FilterSetting[]) => Promise<{ status: number; body: unknown }>> = {
      'Equipment/FilterFields': (filterSettings) =>
        user.equipment.filterFields({
          body: { pageSize: 20, pageIndex: 0, selectFields: ['model'], listType: 'inventory', filterSettings },
        }),
      'ServiceCall/FilterFields': (filterSettings) =>
        user.serviceCalls.filterFields({
          query: { isHistory: true },
          body: { pageSize: 20, pageIndex: 0, selectFields: ['model'], filterSettings },
        }),
    };
    const sent = async (call: () => Promise<{ status: number; body: unknown }>) => {
      let answer: { status: number; body: unknown } | undefined;
      const statements = await statementsOf(async () => {
        answer = await call();
      });
      expect(answer!.status).toBe(200);
      expect((answer!.body as { result: { model: unknown[] } }).result.model.length).toBeGreaterThan(1);
      return {
        counts: statements.filter((s) => /count\(\*\)/i.test(s.text)),
        walks: statements.filter((s) => /with recursive/i.test(s.text)),
      };
    };

    it.each(Object.entries(SUGGESTED))(
      '%s counts the matches of a filter up to the server’s cap, then walks the index',
      async (_, suggest) => {
        const { counts, walks } = await sent(() =>
          suggest([{ field: 'serial', operator: FilterOperator.NotBlank, value: [] }]),
        );
        expect(counts).toHaveLength(1);
        expect(counts[0]!.values).toContain(CAP + 1);
        expect(walks).toHaveLength(1);
      },
    );

    it.each(Object.entries(SUGGESTED))(
      '%s walks the index without counting when no word and no other filter narrow the list',
      async (_, suggest) => {
        const { counts, walks } = await sent(() =>
          suggest([{ field: 'model', operator: FilterOperator.In, value: ['anything'] }]),
        );
        expect(counts).toEqual([]);
        expect(walks).toHaveLength(1);
      },
    );
  },
);
