import { afterAll, beforeAll, bench, describe } from 'vitest';
import type { EquipmentDetail } from '../../contract/equipment';
import { startTestServer } from '../support/testServer';
import { signedIn, type InjectClient } from '../support/injectClient';
import { BENCH_WORLD } from './benchServer';
import { pageReadyTimes, shown } from './pageReady';
import { browserMissing, skipsBecause } from './prerequisites';
import { figureLine, timed } from './timed';

/**
 * The instrument's own page at 200,000 instruments, in-process on PGlite (the inventory bench's world;
 * BENCH_DATA_DIR reuses it). Targets (issue 11): the page's data, GET Equipment/{id} as the page asks for it with its
 * first tab, p95 ≤ 30 ms; the page ready in headless Chromium ≤ 1.2 s (median of 5).
 */
const SIZE = BENCH_WORLD;

let server: Awaited<ReturnType<typeof startTestServer>>;
let client: InjectClient;
/** Instruments spread over the customer's ids, each in a system of three, so no call is served from one hot row. */
let ids: number[] = [];

beforeAll(async () => {
  const started = Date.now();
  server = await startTestServer({
    size: SIZE,
    listen: true,
    validateResponses: false,
    dataDir: process.env.BENCH_DATA_DIR,
  });
  console.log(`world of ${SIZE.equipment} instruments ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  client = (await signedIn(server.app, 'user@acme-labs.example')).client;
  const db = server.database.db;
  const user = await db
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', 'user@acme-labs.example')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('equipment')
    .select(['id', 'system_id'])
    .where('customer_id', '=', user.customer_id)
    .where('is_hidden', '=', false)
    .where('system_id', 'is not', null)
    .orderBy('id')
    .execute();
  const step = Math.max(1, Math.floor(rows.length / 50));
  ids = rows.filter((_, i) => i % step === 0).map((r) => r.id);
  if (ids.length < 20) throw new Error(`too few instruments with a system id: ${ids.length}`);
}, 3_600_000);
afterAll(() => server.close());

const detailTimes = timed('instrument page data', 30);
let next = 0;

describe(`instrument page of a customer with ${SIZE.equipment} instruments`, () => {
  bench(
    'GET Equipment/{id}?otherComponent=true: the instrument, its EHS data, contracts, images and system components',
    async () => {
      const id = ids[next++ % ids.length]!;
      await detailTimes(async () => {
        const res = await client.equipment.detail({ params: { id }, query: { otherComponent: true } });
        const result = res.status === 200 && res.body.errorCode === 0 ? (res.body.result as EquipmentDetail) : null;
        if (result?.equipmentId !== id || !Array.isArray(result.systemComponents)) {
          return { status: 500, body: { errorCode: 1, id, result } };
        }
        return res;
      });
    },
    { time: 4_000, warmupIterations: 0 },
  );
});

describe(`instrument page in headless Chromium (${SIZE.equipment} instruments)`, () => {
  bench.skipIf(skipsBecause('the instrument page in Chromium', browserMissing()))(
    'navigate to /app/product/equipmentDetail/{id} until its details show, five times (target median ≤ 1.2 s)',
    async () => {
      const id = ids[0]!;
      const sorted = await pageReadyTimes(server.url, `/app/product/equipmentDetail/${id}`, async (page) => {
        await shown(page.getByRole('tab', { name: 'Instrument' }));
        await shown(page.getByRole('button', { name: 'Equipment details', exact: true }));
      });
      console.log(
        `${figureLine('instrument page ready, median of 5', sorted[2]!, 1_200, 'ms', 0)}: ${sorted.join(', ')} ms`,
      );
    },
    { iterations: 1, time: 0, warmupIterations: 0 },
  );
});
