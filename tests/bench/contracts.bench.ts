import { sql } from 'kysely';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { CONTRACT_LIST_FIELDS, type ContractListQuery } from '../../contract/contracts';
import { OrderType } from '../../contract/listQuery';
import { CONTRACT_FIELDS } from '../../api-mock/src/contracts/queries';
import { signedIn, type InjectClient } from '../support/injectClient';
import { startBenchServer } from './benchServer';
import { isPage, once, plainPage } from './plainSql';
import { failBench, signedInOverHttp, timed } from './timed';

/**
 * The contract grid of a customer with 200,000 contracts, in-process on PGlite. Target: a page of 20 with filters and
 * a sort p95 ≤ 50 ms. A small demo world does (BENCH_DATA_DIR reuses any world, the inventory bench's too); the
 * contracts are added to its first customer, Acme Labs, once.
 */
const SIZE = { equipment: 200, usersPerCustomer: 2 };
const CONTRACTS = 200_000;
/** The bench contracts' numbers start with it; a new prefix reseeds them in a kept world. */
const BENCH_PREFIX = 'BK';
const TARGET_MS = 50;

let server: Awaited<ReturnType<typeof startBenchServer>>;
let client: InjectClient;
let http: Awaited<ReturnType<typeof signedInOverHttp>>;
let customerId: number;

beforeAll(async () => {
  const started = Date.now();
  server = await startBenchServer(SIZE);
  const db = server.database.db;
  customerId = (
    await db
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', 'user@acme-labs.example')
      .executeTakeFirstOrThrow()
  ).customer_id;
  const { count } = await db
    .selectFrom('contracts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('vendor_contract_id', 'like', `${BENCH_PREFIX}%`)
    .executeTakeFirstOrThrow();
  if (Number(count) !== CONTRACTS) {
    await db.deleteFrom('contracts').where('vendor_contract_id', 'like', `${BENCH_PREFIX}%`).execute();
    // Six years of contracts. Type, term, PO number, billing and the times follow different digits of the number,
    // so that no two of them move together; nine in ten have a PO number, two in three are billed.
    await sql`
      insert into contracts (customer_id, vendor_contract_id, po_number, contract_type, description, effective_date,
        contract_expiry, billing_status, billing_date, is_pe_contract, created_time, last_updated_time)
      select ${customerId}, ${BENCH_PREFIX} || lpad(n::text, 8, '0'),
        case when n % 10 <> 0 then 'PO-' || lpad(((n::bigint * 7919) % 10000000)::text, 7, '0') end,
        (array['ZCEW', 'ZW01', 'ZCEG', 'ZCIC', 'ZCRR', 'ZCSA', 'ZCSI', 'ZCSS', 'ZCTR', 'ZOSC', 'ZRTA'])[1 + (n / 3) % 11],
        'Bench contract', start, start + 180 + (n * 13) % 1280,
        (array['PAID', 'OPEN', null])[1 + (n / 7) % 3],
        case when (n / 7) % 3 < 2 then start + (n % 30) end,
        n % 50 <> 0, start - 30 + make_interval(mins => n % 600),
        case when n % 3 <> 0 then start - 29 + make_interval(mins => n % 900) end
      from (select n, date '2021-01-01' + (n * 37) % 2190 as start from generate_series(1, ${CONTRACTS}) n) g`.execute(
      db,
    );
    await sql`vacuum analyze contracts`.execute(db);
  }
  console.log(`${CONTRACTS} contracts of one customer ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  client = (await signedIn(server.app, 'user@acme-labs.example')).client;
  http = await signedInOverHttp(server.url, 'user@acme-labs.example');
}, 1_800_000);
afterAll(() => server.close());

const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What a page must hold, found by plain SQL rather than by the route: the count and the rows' numbers in order (ties
 * broken by the id in the direction of the sort).
 */
const expectedPage = once((where: string, orderBy: string, page: { pageIndex: number; pageSize: number }) =>
  plainPage(server.database.db, {
    from: 'contracts',
    where: `customer_id = ${customerId} and ${where}`,
    id: 'vendor_contract_id',
    orderBy: `${orderBy}, id ${orderBy.includes(' desc') ? 'desc' : 'asc'}`,
    ...page,
  }),
);

interface Case {
  name: string;
  body: ContractListQuery;
  /** The same query in SQL, to check every answer against. */
  where: string;
  orderBy: string;
  /** The filter must find at least this many, so the page asked for is full. */
  atLeast: number;
}

const CASES: Case[] = [
  {
    name: 'service contracts of three types ending in the next 90 days, by expiry, third page',
    body: {
      pageIndex: 2,
      pageSize: 20,
      filter: { contractType: ['ZCEG', 'ZCIC', 'ZCRR'], contractExpiry: [today, inDays(90)] },
      orderSettings: [{ field: 'contractExpiry', orderType: OrderType.Ascending }],
    },
    where: `contract_type in ('ZCEG', 'ZCIC', 'ZCRR') and contract_expiry between '${today}' and '${inDays(90)}'`,
    orderBy: 'contract_expiry asc nulls first',
    atLeast: 60,
  },
  {
    name: 'a PO number part ("PO-12"), billed, by contract id going down',
    body: {
      pageIndex: 0,
      pageSize: 20,
      filter: { poNumber: ['po-12'], billingStatus: ['PAID', 'OPEN'] },
      orderSettings: [{ field: 'vendorContractId', orderType: OrderType.Descending }],
    },
    where: `po_number ilike '%po-12%' and billing_status in ('PAID', 'OPEN')`,
    orderBy: 'vendor_contract_id desc nulls last',
    atLeast: 20,
  },
  {
    name: 'effective in 2024 (open end of a 1970 start elsewhere), by last update going down, page 10',
    body: {
      pageIndex: 10,
      pageSize: 20,
      filter: { effectiveDate: ['2024-01-01', '2024-12-31'], billingDate: ['1970-01-01'] },
      orderSettings: [{ field: 'lastUpdatedTime', orderType: OrderType.Descending }],
    },
    where: `effective_date between '2024-01-01' and '2024-12-31' and billing_date >= '1970-01-01'`,
    orderBy: 'last_updated_time desc nulls last',
    atLeast: 220,
  },
  {
    name: 'open invoices (OPEN, a third of all), by billing date going down, page 5',
    body: {
      pageIndex: 5,
      pageSize: 20,
      filter: { billingStatus: ['OPEN'] },
      orderSettings: [{ field: 'billingDate', orderType: OrderType.Descending }],
    },
    where: `billing_status = 'OPEN'`,
    orderBy: 'billing_date desc nulls last',
    atLeast: 120,
  },
  {
    name: 'every contract (no filter), by creation going down, page 100',
    body: {
      pageIndex: 100,
      pageSize: 20,
      filter: {},
      orderSettings: [{ field: 'createdTime', orderType: OrderType.Descending }],
    },
    where: 'true',
    orderBy: 'created_time desc nulls last',
    atLeast: 2020,
  },
];

/** One timed list call (in-process, or over HTTP) whose answer must be the page plain SQL finds, in its order, with the same total. */
function listCase(c: Case, overHttp = false) {
  const time = timed(`contract/list: ${c.name}${overHttp ? ', over HTTP' : ''}`, TARGET_MS);
  return async () => {
    const want = await expectedPage(c.where, c.orderBy, { pageIndex: c.body.pageIndex, pageSize: c.body.pageSize });
    if (want.totalCount < c.atLeast) failBench(`${c.name}: finds too few contracts (${want.totalCount})`);
    await time(() => (overHttp ? http : client).contracts.list({ body: c.body }), isPage(want, 'vendorContractId'));
  };
}

const SORTED_FIELDS = Object.keys(CONTRACT_LIST_FIELDS).filter((f) => f !== 'isPEContract');
const bySort = SORTED_FIELDS.flatMap((field) =>
  [OrderType.Ascending, OrderType.Descending].map(
    (orderType) =>
      [
        field,
        orderType,
        timed(
          `contract/list sorted by ${field} ${orderType === OrderType.Ascending ? '↑' : '↓'}, no filter, page 4`,
          TARGET_MS,
          undefined,
          { warmup: 2 },
        ),
      ] as const,
  ),
);
/** The fourth page of every contract sorted by one column, by plain SQL. */
const sortedPage = (field: string, orderType: number) =>
  expectedPage(
    'true',
    `${CONTRACT_FIELDS[field]!.column} ${orderType === OrderType.Descending ? 'desc nulls last' : 'asc nulls first'}`,
    { pageIndex: 3, pageSize: 20 },
  );

describe(`contract grid of one customer with ${CONTRACTS} contracts`, () => {
  for (const c of CASES) {
    bench(`POST contract/list: ${c.name}`, listCase(c), { time: 4_000, warmupIterations: 0 });
  }
  bench(`POST contract/list over HTTP: ${CASES[0]!.name}`, listCase(CASES[0]!, true), {
    time: 4_000,
    warmupIterations: 0,
  });

  bench(
    'every column sorted both ways, no filter, page 4, twelve calls each',
    async () => {
      for (const [field, orderType, time] of bySort) {
        const want = await sortedPage(field, orderType);
        for (let i = 0; i < 12; i++) {
          await time(
            () =>
              client.contracts.list({
                body: { pageIndex: 3, pageSize: 20, filter: {}, orderSettings: [{ field: field as never, orderType }] },
              }),
            isPage(want, 'vendorContractId'),
          );
        }
      }
    },
    { iterations: 1, time: 0, warmupIterations: 0 },
  );
});
