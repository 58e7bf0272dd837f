import { afterAll, beforeAll, bench, describe } from 'vitest';
import { sql } from 'kysely';
import { SCHEDULED_EVENT_TYPE_IDS, SERVICE_WORK_TYPE_IDS } from '../../contract/reservations';
import { signedIn, type InjectClient } from '../support/injectClient';
import { startBenchServer } from './benchServer';
import { signedInOverHttp, timed } from './timed';

/**
 * The reservation calendar of a customer with 200,000 instruments on the user's list and about 100,000 reservations
 * around today (a quarter of them the user's own), in-process on PGlite (the same world as the inventory bench; BENCH_DATA_DIR reuses it). No issue
 * gives a target: each figure is held to the inventory list's p95 ≤ 50 ms. Every answer is checked.
 */
const SIZE = { equipment: 200_000, usersPerCustomer: 2 };
const RESERVATIONS = 100_000;
/** No issue sets one: the inventory list's. */
const TARGET_MS = 50;
const DAY = 24 * 60 * 60 * 1000;
const BENCH_COMMENT = 'Bench reservation';

let server: Awaited<ReturnType<typeof startBenchServer>>;
let client: InjectClient;
let http: Awaited<ReturnType<typeof signedInOverHttp>>;

beforeAll(async () => {
  server = await startBenchServer(SIZE);
  const db = server.database.db;
  // The bench's own reservations are made anew each run, so a reused world always holds the same number.
  await db.deleteFrom('reservations').where('comments', '=', BENCH_COMMENT).execute();
  {
    // Two-hour reservations on random instruments of Acme Labs, from four weeks ago to four weeks ahead, none
    // overlapping another of its instrument (each instrument and half day gets at most one).
    await sql`
      insert into reservations (customer_id, equipment_id, reserved_by, start_date, end_date, comments)
      select e.customer_id, e.id, u.id, slot, slot + interval '2 hours', ${BENCH_COMMENT}
      from (
        select distinct on (equipment_id, slot) equipment_id, slot
        from (
          select (select min(id) from equipment) + floor(random() * 200000)::int as equipment_id,
                 date_trunc('day', now()) + make_interval(days => (floor(random() * 56) - 28)::int)
                   + make_interval(hours => (8 + floor(random() * 2) * 4)::int) as slot
          from generate_series(1, ${RESERVATIONS})
        ) picked
      ) chosen
      join equipment e on e.id = chosen.equipment_id
      join users u on u.customer_id = e.customer_id
        and u.email = case when e.id % 4 = 0 then 'user@acme-labs.example' else 'manager@acme-labs.example' end`.execute(
      db,
    );
    await sql`vacuum analyze reservations`.execute(db);
  }
  client = (await signedIn(server.app, 'user@acme-labs.example')).client;
  http = await signedInOverHttp(server.url, 'user@acme-labs.example');
}, 1_800_000);
afterAll(() => server.close());

const week = () => {
  const start = Math.floor(Date.now() / DAY) * DAY;
  return { start: new Date(start).toISOString(), end: new Date(start + 7 * DAY).toISOString() };
};
const month = () => {
  const start = Math.floor(Date.now() / DAY) * DAY - 14 * DAY;
  return { start: new Date(start).toISOString(), end: new Date(start + 31 * DAY).toISOString() };
};
const allTypes = [...SCHEDULED_EVENT_TYPE_IDS, ...SERVICE_WORK_TYPE_IDS].join(',');

type Answer = { result?: { items: unknown[] } };
/** An answer with rows (the calendar's instruments, the overview's days with reservations). */
const hasRows = (body: Answer): true | string =>
  (body.result?.items.length ?? 0) > 0 || `no rows: ${JSON.stringify(body).slice(0, 200)}`;
/** A page of matches, which may be empty. */
const isPage = (body: Answer): true | string => Array.isArray(body.result?.items) || 'no page';
const firstPage = timed('calendar week, first page', TARGET_MS, hasRows);
const firstPageOverHttp = timed('calendar week, first page, over HTTP', TARGET_MS, hasRows);
const deepPage = timed('calendar week, page 500', TARGET_MS, hasRows);
const mine = timed('calendar week, my reservations', TARGET_MS, hasRows);
const overview = timed('overview of a month', TARGET_MS, hasRows);
const search = timed('search', TARGET_MS, isPage);

describe('calendar of 200,000 instruments and 100,000 reservations', () => {
  const options = { time: 4_000, warmupIterations: 0 };
  bench(
    'GET Equipment/reservation: first page of 20 instruments, every service type',
    async () => {
      await firstPage(() => client.reservations.calendar({ query: { ...week(), serviceCallType: allTypes } as never }));
    },
    options,
  );
  bench(
    'GET Equipment/reservation over HTTP: the first page',
    async () => {
      await firstPageOverHttp(() =>
        http.reservations.calendar({ query: { ...week(), serviceCallType: allTypes } as never }),
      );
    },
    options,
  );
  bench(
    'GET Equipment/reservation: page 500',
    async () => {
      await deepPage(() => client.reservations.calendar({ query: { ...week(), pageIndex: 500 } as never }));
    },
    options,
  );
  bench(
    'GET Equipment/reservation: my reservations only',
    async () => {
      await mine(() => client.reservations.calendar({ query: { ...week(), myOnly: true } as never }));
    },
    options,
  );
  bench(
    'GET Equipment/reservationOverview: a month',
    async () => {
      await overview(() => client.reservations.overview({ query: { ...month(), timeZoneDiff: 60 } as never }));
    },
    options,
  );
  bench(
    'GET equipment/reservation/search: a serial prefix',
    async () => {
      await search(() => client.reservations.search({ query: { keyword: 'AG0' } as never }));
    },
    options,
  );
});
