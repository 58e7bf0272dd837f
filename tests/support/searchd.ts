import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import mysql from 'mysql2/promise';
import { SEARCHED_TABLES, searchdConfig } from '../../api-mock/src/search/searchedTables';
import { startApiServer } from './apiServer';
import { freePort } from './serverProcess';

const run = promisify(execFile);
const SEARCHD = '/usr/bin/searchd';

/** Why the search-index tests cannot run here (null when they can): Debian's sphinxsearch is missing. */
export const searchdMissing = (): string | null =>
  existsSync(SEARCHD) ? null : `no ${SEARCHD} (Debian's sphinxsearch; npm test installs it as root)`;

/**
 * A searchd of its own, on a private port, with the portal's index configuration (`npm run search:config` writes the
 * same, or that configuration as `edit` changes it) in a temporary folder: empty until a server fills it.
 */
export async function startSearchd(edit: (config: string) => string = (config) => config) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-searchd-'));
  const port = await freePort();
  const config = path.join(dataDir, 'sphinx.conf');
  await writeFile(config, edit(searchdConfig(dataDir, `127.0.0.1:${port}`)));
  await run(SEARCHD, ['--config', config]);
  // searchd answers once its listener is up: wait for it.
  for (let tries = 0; ; tries++) {
    try {
      const probe = await mysql.createConnection({ host: '127.0.0.1', port });
      await probe.end();
      break;
    } catch (err) {
      if (tries > 100) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  let running = true;
  return {
    host: '127.0.0.1',
    port,
    /** Stop searchd (the index is kept in its folder). */
    async stop() {
      if (!running) return;
      running = false;
      await run(SEARCHD, ['--config', config, '--stopwait']);
    },
    /** Stop it and remove its folder. */
    async remove() {
      await this.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Until the index has been told of every change (a server drains the queues in the background), for `timeoutMs`. */
export async function searchQueuesDrained<DB>(db: Kysely<DB>, timeoutMs = 20_000) {
  for (const deadline = Date.now() + timeoutMs; ;) {
    let waiting = false;
    for (const table of SEARCHED_TABLES)
      if ((await sql`select 1 from ${sql.table(table.queue)} limit 1`.execute(db)).rows.length > 0) waiting = true;
    if (!waiting) return;
    if (Date.now() > deadline) throw new Error(`the search queues did not drain in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The search-index tests' world, one per file: an api server of the demo world with a searchd of its own, filled
 * (its queues drained), and the ids of the two customers the tests compare.
 */
export async function startSearchIndexServer() {
  const searchd = await startSearchd();
  const server = await startApiServer({ search: { host: searchd.host, port: searchd.port } });
  const customers = await server.database.db.selectFrom('customers').select(['id', 'customer_folder']).execute();
  const idOf = (folder: string) => customers.find((c) => c.customer_folder === folder)!.id;
  await searchQueuesDrained(server.database.db);
  return {
    searchd,
    server,
    acme: idOf('acme'),
    globex: idOf('globex'),
    async close() {
      await server.close();
      await searchd.remove();
    },
  };
}
