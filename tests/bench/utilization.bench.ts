import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { EventSummary, UtilizationEvent } from '../../contract/equipment';
import { MONITORED_MAX, seedAssetMonitoring } from '../../api-mock/src/seed/assetMonitoring';
import { seededFaker } from '../factories/random';
import { startTestServer } from '../support/testServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { pageReadyTimes, shown } from './pageReady';
import { figureLine, signedInOverHttp, timed } from './timed';

/**
 * Utilization with a year of runs for 2,000 monitored instruments (about 2 million events), in-process on PGlite:
 * the inventory bench's world (BENCH_DATA_DIR reuses it), whose second customer has the asset-monitoring site. A world
 * made before monitoring existed gets its monitoring added once. Targets (issue 13): agEventSummary for 12 months
 * p95 ≤ 50 ms, an agEventFilterList page p95 ≤ 50 ms, the tab ready in headless Chromium ≤ 1.5 s (median of 5).
 */
const SIZE = { equipment: 200_000, usersPerCustomer: 2 };
const USER = 'user@globex.example';

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: InjectClient;
let customerId = 0;
let instruments: { equipment_id: number; system_id: string }[] = [];
let events = 0;
let http: Awaited<ReturnType<typeof signedInOverHttp>>;

beforeAll(async () => {
  const started = Date.now();
  server = await startTestServer({
    size: SIZE,
    listen: true,
    validateResponses: false,
    dataDir: process.env.BENCH_DATA_DIR,
  });
  const db = server.database.db;
  const monitors = await db
    .selectFrom('asset_monitors')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(monitors.n) === 0) await seedAssetMonitoring(db, seededFaker(20261125));
  events = Number(
    (
      await db
        .selectFrom('utilization_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(`world with ${events} utilization events ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  client = (await signedIn(server.app, USER)).client;
  http = await signedInOverHttp(server.url, USER);
  customerId = (await db.selectFrom('users').select('customer_id').where('email', '=', USER).executeTakeFirstOrThrow())
    .customer_id;
  instruments = (await db
    .selectFrom('asset_monitors as m')
    .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
    .select(['m.equipment_id', 'e.system_id'])
    .where('m.customer_id', '=', customerId)
    .where('m.status', '=', 'monitored')
    .where('m.conn_status', '=', 'Connected')
    .orderBy('m.equipment_id')
    .execute()) as { equipment_id: number; system_id: string }[];
  if (instruments.length < MONITORED_MAX / 2) throw new Error(`too few monitored instruments: ${instruments.length}`);
}, 3_600_000);
afterAll(() => server.close());

const summaryTimes = timed('agEventSummary, 12 months', 50);
const pageTimes = timed('agEventFilterList page, a month sorted by hours with a search', 50);
const pageOverHttp = timed('agEventFilterList page over HTTP', 50);
let next = 0;
const pick = () => instruments[(next++ * 37) % instruments.length]!;

describe('utilization of 2,000 monitored instruments with a year of runs each', () => {
  bench(
    'POST Equipment/agEventSummary?filter=12: hours per month of one instrument',
    async () => {
      const { equipment_id } = pick();
      await summaryTimes(async () => {
        const res = await client.equipment.utilizationSummary({
          body: {},
          query: { equipmentId: equipment_id, filter: 12 },
        });
        const result = res.status === 200 && res.body.errorCode === 0 ? (res.body.result as EventSummary) : null;
        const hours = result?.eventSummary.reduce((sum, p) => sum + p.utilSum, 0) ?? 0;
        if (result?.eventSummary.length !== 12 || !(hours > 0)) return { status: 500, body: { errorCode: 1, result } };
        return res;
      });
    },
    { time: 4_000, warmupIterations: 0 },
  );

  const pageBench = (time: typeof pageTimes, api: () => InjectClient) => async () => {
    const { system_id } = pick();
    const end = new Date();
    const start = new Date(end.getTime() - 30 * 86_400_000);
    await time(async () => {
      const res = await api().equipment.utilizationEvents({
        body: {
          pageIndex: 0,
          pageSize: 20,
          filter: {},
          fullTextSearch: 'a',
          startDate: start.toISOString(),
          endDate: end.toISOString(),
          systemId: system_id,
          customerId,
          sortField: 'hours',
          sortDesc: true,
        },
      });
      const result =
        res.status === 200 && res.body.errorCode === 0
          ? (res.body.result as { items: UtilizationEvent[]; totalCount: number })
          : null;
      if (!result || result.items.length !== Math.min(20, result.totalCount) || result.totalCount === 0) {
        return { status: 500, body: { errorCode: 1, result } };
      }
      return res;
    });
  };
  bench(
    'POST Equipment/agEventFilterList: a page of 20 runs of last month, sorted by hours, searching "a"',
    pageBench(pageTimes, () => client),
    { time: 4_000, warmupIterations: 0 },
  );
  bench(
    'POST Equipment/agEventFilterList over HTTP: the same',
    pageBench(pageOverHttp, () => http as unknown as InjectClient),
    { time: 4_000, warmupIterations: 0 },
  );
});

describe('utilization tab in headless Chromium', () => {
  bench(
    'navigate to an instrument page, open Utilization until the chart shows, five times (target median ≤ 1.5 s)',
    async () => {
      const { equipment_id } = instruments[0]!;
      const sorted = await pageReadyTimes(
        server.url,
        `/app/product/equipmentDetail/${equipment_id}`,
        async (page) => {
          await page.getByRole('tab', { name: 'Utilization' }).click();
          await shown(page.locator('.recharts-bar-rectangle'));
        },
        USER,
      );
      console.log(
        `${figureLine('utilization tab ready, median of 5', sorted[2]!, 1_500, 'ms', 0)}: ${sorted.join(', ')} ms`,
      );
    },
    { iterations: 1, time: 0, warmupIterations: 0 },
  );
});
