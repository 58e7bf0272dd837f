import { searchUrlSetting } from '../../api-mock/src/search/searchIndex';
import type { DemoWorldSize } from '../../api-mock/src/seed/demoWorld';
import { createDatabase, startTempPostgres, type TempPostgres } from '../support/postgres';
import { searchQueuesDrained, startSearchd } from '../support/searchd';
import { startTestServer } from '../support/testServer';

/**
 * The world the inventory, instrument-page, calendar, work-order, utilization and products-management benches share
 * (one BENCH_DATA_DIR serves them all): BENCH_EQUIPMENT instruments for Acme Labs, 200,000 unless set.
 */
export const BENCH_WORLD = { equipment: Number(process.env.BENCH_EQUIPMENT ?? 200_000), usersPerCustomer: 2 };

/**
 * The server a bench measures, listening on a loopback port, with the demo world of `size` (seeded once: a kept world
 * is reused). The database: DATABASE_URL when set (PostgreSQL, a world kept between runs); else with BENCH_PG=1 a
 * throw-away PostgreSQL cluster, removed on close; else PGlite in `dataDir` (kept between runs when set) or in memory.
 */
export async function startBenchServer(size: DemoWorldSize, dataDir = process.env.BENCH_DATA_DIR) {
  let cluster: TempPostgres | undefined;
  let databaseUrl = process.env.DATABASE_URL || undefined;
  if (!databaseUrl && process.env.BENCH_PG === '1') {
    cluster = await startTempPostgres();
    databaseUrl = await createDatabase(cluster.adminUrl, { name: 'bench' });
  }
  // BENCH_SEARCH=1: the lists with a word answer from a search index of their own (filled before the bench times);
  // SEARCH_URL: from a kept searchd instead, beside a kept DATABASE_URL world (filled once, then reused).
  const keptIndex = searchUrlSetting(process.env.SEARCH_URL);
  const searchd = keptIndex ? undefined : process.env.BENCH_SEARCH === '1' ? await startSearchd() : undefined;
  const server = await startTestServer({
    size,
    listen: true,
    validateResponses: false,
    databaseUrl,
    dataDir: databaseUrl ? undefined : dataDir,
    search: keptIndex ?? searchd,
  });
  if (server.search) {
    const started = Date.now();
    await searchQueuesDrained(server.database.db, 3_600_000);
    console.log(`search index filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return {
    ...server,
    /** What the figures were measured on, for the bench's first line. */
    databaseName: `${databaseUrl ? 'PostgreSQL' : 'PGlite'}${server.search ? ' with the search index' : ''}`,
    async close() {
      await server.close();
      await searchd?.remove();
      await cluster?.stop();
    },
  };
}
