import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderListQuery } from '../../contract/serviceCalls';
import { FilterOperator, OrderType, type ListCount } from '../../contract/listQuery';
import { workOrderCount, workOrderIdPage } from '../../api-mock/src/serviceCalls/workOrders.queries';
import { CountCache } from '../../api-mock/src/lib/listCount';
import { signedIn, type InjectClient } from '../support/injectClient';
import { searchQueuesDrained, searchdMissing, startSearchIndexServer } from '../support/searchd';

/**
 * The work-order lists through the search index beside the database (issue 36, SEARCH_URL): a tab's page with a word
 * and its count answer from the index exactly as the database answers them, for one customer and tab at a time; a
 * change is read at once; what the index does not hold (a tab's default order, by a date) is the database's.
 */
const missing = searchdMissing();
if (missing) console.log(`SKIPPED the work-order search-index tests: ${missing}`);

let world: Awaited<ReturnType<typeof startSearchIndexServer>>;
let acme = 0;
let globex = 0;
let user: InjectClient;
const db = () => world.server.database.db;
const index = () => world.server.search!;
const drained = () => searchQueuesDrained(db());

beforeAll(async () => {
  if (missing) return;
  world = await startSearchIndexServer();
  ({ acme, globex } = world);
  user = (await signedIn(world.server.app, 'user@acme-labs.example')).client;
}, 120_000);
afterAll(() => world?.close());

type Page = {
  status: number;
  body: { result?: { items: { serviceOrderId: number }[]; totalCount: number; totalCountExact?: boolean } };
};

const body = (over: Partial<WorkOrderListQuery>): WorkOrderListQuery =>
  ({
    pageIndex: 0,
    pageSize: 10,
    fullTextSearchSetting: null,
    filterSettings: [],
    orderSettings: [],
    ...over,
  }) as WorkOrderListQuery;

/** The tab's page as the list call answers it, with whether the index answered it. */
async function listed(b: WorkOrderListQuery, isHistory: boolean) {
  const before = index().stats.answered;
  const res = (await user.serviceCalls.list({ query: { isHistory }, body: b })) as unknown as Page;
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  const result = res.body.result!;
  return {
    ids: result.items.map((i) => i.serviceOrderId),
    totalCount: result.totalCount,
    exact: result.totalCountExact,
    byIndex: index().stats.answered > before,
  };
}

/** The page the database answers (the list's own query, without the index). */
async function fromDatabase(b: WorkOrderListQuery, isHistory: boolean) {
  const page = await workOrderIdPage(db(), { customerId: acme, isHistory }, b, 1_000_000);
  return { ids: page.ids, totalCount: page.totalCount };
}

/** The customer's most common lexeme's prefix, a common lexeme, a middling one and a rare one. */
async function wordsOf(customerId: number) {
  const { rows } = await sql<{ word: string }>`
    select word from ts_stat(${`select search from service_calls where customer_id = ${customerId}`})
    where word ~ '^[a-z][a-z0-9]{3,}$' order by ndoc desc, word`.execute(db());
  return [rows[0]!.word.slice(0, 3), rows[2]!.word, rows[Math.floor(rows.length / 2)]!.word, rows.at(-1)!.word];
}

describe.skipIf(missing !== null)('work-order lists through the search index', () => {
  it('answers every supported shape of both tabs exactly as the database does', async () => {
    const words = await wordsOf(acme);
    const sorts = [
      [{ field: 'serial', orderType: OrderType.Descending }],
      [{ field: 'serial', orderType: OrderType.Ascending }],
      [
        { field: 'jobType', orderType: OrderType.Ascending },
        { field: 'serviceOrderNo', orderType: OrderType.Descending },
      ],
      [{ field: 'custRefNo', orderType: OrderType.Descending }],
    ];
    const filters = [
      [],
      [{ field: 'jobType', operator: FilterOperator.In, value: ['Repair', 'Preventive maintenance'] }],
      [
        { field: 'serviceEngnName', operator: FilterOperator.In, value: ['Maria Rossi', 'Li Wei', ''] },
        { field: 'callStatus', operator: FilterOperator.Equals, value: ['Closed', 'Open'] },
      ],
    ];
    let compared = 0;
    for (const keyword of [...words, `${words[0]} ${words[1]!.slice(0, 2)}`])
      for (const orderSettings of sorts)
        for (const filterSettings of filters)
          for (const [pageIndex, isHistory] of [
            [0, true],
            [1, false],
          ] as const) {
            const b = body({ fullTextSearchSetting: { keyword }, orderSettings, filterSettings, pageIndex });
            const got = await listed(b, isHistory);
            const want = await fromDatabase(b, isHistory);
            expect({ keyword, orderSettings, filterSettings, isHistory, ...got }).toEqual({
              keyword,
              orderSettings,
              filterSettings,
              isHistory,
              ...want,
              exact: true,
              byIndex: true,
            });
            compared++;
          }
    expect(compared).toBe(5 * sorts.length * filters.length * 2);
  }, 180_000);

  it("counts a tab's word exactly from the index, as the database counts it", async () => {
    for (const keyword of await wordsOf(acme))
      for (const isHistory of [true, false]) {
        const b = { fullTextSearchSetting: { keyword }, filterSettings: [] };
        const before = index().stats.answered;
        const res = await user.serviceCalls.listCount({ query: { isHistory }, body: b });
        expect(res.status).toBe(200);
        const want = await workOrderCount(db(), { customerId: acme, isHistory }, b, {
          firstCap: 1_000_000,
          boundMs: 60_000,
          statementTimeout: false,
          cache: new CountCache(),
        });
        expect(want.exact).toBe(true);
        expect({ keyword, isHistory, ...(res.body as { result: ListCount }).result }).toEqual({
          keyword,
          isHistory,
          ...want,
        });
        expect(index().stats.answered).toBe(before + 1);
      }
  });

  it("leaves a tab's default order, by a date, to the database, with the same answer", async () => {
    const [word] = await wordsOf(acme);
    for (const isHistory of [true, false]) {
      const b = body({ fullTextSearchSetting: { keyword: word! } });
      const got = await listed(b, isHistory);
      expect(got.byIndex).toBe(false);
      expect({ ids: got.ids, totalCount: got.totalCount }).toEqual(await fromDatabase(b, isHistory));
    }
  });

  it("never answers with another customer's work orders", async () => {
    const { rows } = await sql<{ word: string }>`
      select word from ts_stat(${`select search from service_calls where customer_id = ${globex}`})
      where word ~ '^[a-z0-9]{6,}$'
        and word not in (select word from ts_stat(${`select search from service_calls where customer_id = ${acme}`}))
      order by ndoc desc limit 1`.execute(db());
    expect(rows[0], 'a word only Globex has').toBeDefined();
    for (const isHistory of [true, false]) {
      const got = await listed(
        body({ fullTextSearchSetting: { keyword: rows[0]!.word }, orderSettings: [] }),
        isHistory,
      );
      // The default order is the database's: ask in an order the index holds.
      const sorted = await listed(
        body({
          fullTextSearchSetting: { keyword: rows[0]!.word },
          orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
        }),
        isHistory,
      );
      expect(got.ids).toEqual([]);
      expect(sorted).toEqual({ ids: [], totalCount: 0, exact: true, byIndex: true });
    }
  });

  it('reads a change at once: the database answers while it waits, the index once it has it', async () => {
    const target = await db()
      .selectFrom('service_calls')
      .select(['id', 'is_history'])
      .where('customer_id', '=', acme)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const find = body({
      fullTextSearchSetting: { keyword: 'zebra4711' },
      orderSettings: [{ field: 'serial', orderType: OrderType.Ascending }],
    });
    expect((await listed(find, target.is_history)).totalCount).toBe(0);
    await db().updateTable('service_calls').set({ cust_ref_no: 'Zebra4711' }).where('id', '=', target.id).execute();
    expect((await listed(find, target.is_history)).ids).toEqual([target.id]);
    await drained();
    expect(await listed(find, target.is_history)).toEqual({
      ids: [target.id],
      totalCount: 1,
      exact: true,
      byIndex: true,
    });
    await db().deleteFrom('service_calls').where('id', '=', target.id).execute();
    expect((await listed(find, target.is_history)).ids).toEqual([]);
    await drained();
    expect(await listed(find, target.is_history)).toEqual({ ids: [], totalCount: 0, exact: true, byIndex: true });
  });
});
