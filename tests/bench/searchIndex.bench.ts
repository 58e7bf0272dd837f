import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { once as eventOnce } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { loadEquipmentExtras, selectListColumns, type EquipmentScope } from '../../api-mock/src/equipment/queries';
import type { EquipmentListQuery } from '../../contract/equipment';
import { OrderType } from '../../contract/listQuery';
import { freePort } from '../support/serverProcess';
import { BENCH_WORLD, startBenchServer } from './benchServer';
import { BROAD_MATCHES, WORD_CASES, broadListBody, inventoryOf, plainListPage } from './inventoryCases';
import { isCount, isPage, once, plainCount, type PlainRows } from './plainSql';
import { searchIndexMissing, skipsBecause } from './prerequisites';
import { failBench, timed } from './timed';

/**
 * Issue 36's candidate design, measured before it is built: the inventory's word cases (inventoryCases.ts) answered
 * by a search index beside the database, Debian's `sphinxsearch` (Sphinx 2.2). The index gives the page's ids and the
 * exact total; the page's rows and extras are then read from the database by id, as the list reads them today. What
 * each call times is that whole answer, in-process (no HTTP, no handler).
 *
 * The index is built from the bench world's own rows: each instrument's lexemes as the database made them (its
 * `search` vector, one token each, so a word matches what `'word':*` matches), its scope (customer, hidden,
 * followers), the bench's filter columns (as CRC32 numbers) and its sort columns (text, with a null flag, so nulls
 * sort where the list puts them). Every answer is checked against plain SQL: the total and the page's ids.
 *
 * Targets: PostgreSQL's at 1,000,000 instruments (a page with a narrow word p95 ≤ 20 ms, a broad word ≤ 50 ms; the
 * exact count of a broad word ≤ 1 s), whatever the database, since the index answers the same way on either.
 */
const SIZE = BENCH_WORLD;
const WORD_TARGETS = { narrow: 20, broad: 50 };
const COUNT_TARGET_MS = 1_000;
const skipped = skipsBecause('the search-index benchmark', searchIndexMissing());
const run = promisify(execFile);

/** The filter columns the bench's cases use, kept as CRC32 numbers; the sort columns, kept as text. */
const FILTER_COLUMNS = ['floor', 'building', 'dtype'] as const;
const SORT_COLUMNS = { serial: 'serial', assetId: 'asset_id' } as const;

let server: Awaited<ReturnType<typeof startBenchServer>>;
let inventory: PlainRows & { userId: number; customerId: number };
let scope: EquipmentScope;
let folder = '';
let config = '';
let searchd: mysql.Connection | undefined;

const crc = (value: string) => crc32(value) >>> 0;
const tsv = (value: string) => value.replace(/[\t\n\r\\]/g, ' ');

/**
 * The instruments as tab-separated lines for the index (its `tsvpipe` source), read in id order a batch at a time.
 * Answers the characters their lexemes hold, which the index must keep inside a token.
 */
async function exportRows(file: string): Promise<Set<string>> {
  const out = createWriteStream(file);
  const characters = new Set<string>();
  let last = 0;
  for (;;) {
    const { rows } = await sql<Record<string, string | number | boolean | number[] | null>>`
      select id, customer_id, is_hidden, follower_ids, floor, building, dtype, serial, asset_id,
        array_to_string(tsvector_to_array(search), ' ') as words
      from equipment where id > ${last} order by id limit 10000`.execute(server.database.db);
    if (rows.length === 0) break;
    last = Number(rows.at(-1)!.id);
    for (const r of rows) {
      const words = String(r.words ?? '');
      for (const ch of words) characters.add(ch);
      const line = [
        r.id,
        tsv(words),
        r.customer_id,
        r.is_hidden ? 1 : 0,
        ((r.follower_ids as number[] | null) ?? []).join(','),
        ...FILTER_COLUMNS.map((c) => (r[c] === null ? 0 : crc(String(r[c])))),
        ...Object.values(SORT_COLUMNS).flatMap((c) => [r[c] === null ? 1 : 0, tsv(String(r[c] ?? ''))]),
      ].join('\t');
      if (!out.write(line + '\n')) await eventOnce(out, 'drain');
    }
  }
  out.end();
  await eventOnce(out, 'finish');
  return characters;
}

/** The index and daemon configuration: every character of a lexeme is a word character, so a lexeme is one token. */
function sphinxConfig(tsvFile: string, characters: Set<string>, port: number) {
  const others = [...characters]
    .filter((ch) => ch !== ' ' && !/[a-z0-9]/.test(ch))
    .map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`);
  const charset = ['0..9', 'A..Z->a..z', 'a..z', ...others].join(', ');
  return `
source equipment
{
  type = tsvpipe
  tsvpipe_command = cat ${tsvFile}
  tsvpipe_field = words
  tsvpipe_attr_uint = customer_id
  tsvpipe_attr_uint = is_hidden
  tsvpipe_attr_multi = follower_ids
${FILTER_COLUMNS.map((c) => `  tsvpipe_attr_uint = ${c}`).join('\n')}
${Object.values(SORT_COLUMNS)
  .map((c) => `  tsvpipe_attr_uint = ${c}_null\n  tsvpipe_attr_string = ${c}`)
  .join('\n')}
}
index equipment
{
  source = equipment
  path = ${path.join(folder, 'equipment')}
  dict = keywords
  min_prefix_len = 1
  charset_table = ${charset}
  docinfo = extern
}
indexer
{
  mem_limit = 1024M
}
searchd
{
  listen = 127.0.0.1:${port}:mysql41
  log = ${path.join(folder, 'searchd.log')}
  pid_file = ${path.join(folder, 'searchd.pid')}
  binlog_path =
  collation_server = binary
  workers = threads
}
`;
}

beforeAll(async () => {
  if (skipped) return;
  server = await startBenchServer(SIZE);
  inventory = await inventoryOf(server.database.db, 'user@acme-labs.example');
  scope = { customerId: inventory.customerId, userId: inventory.userId, isFollowed: true, listType: 'inventory' };
  folder = await mkdtemp(path.join(os.tmpdir(), 'search-index-bench-'));
  const started = Date.now();
  const tsvFile = path.join(folder, 'equipment.tsv');
  const characters = await exportRows(tsvFile);
  const exported = Date.now();
  const port = await freePort();
  config = path.join(folder, 'sphinx.conf');
  await writeFile(config, sphinxConfig(tsvFile, characters, port));
  await run('indexer', ['--config', config, '--all', '--quiet'], { maxBuffer: 1 << 24 });
  const built = Date.now();
  const sizes = await Promise.all(
    ['spa', 'spd', 'spi', 'spp', 'sps', 'spe', 'spm'].map((ext) =>
      stat(path.join(folder, `equipment.${ext}`)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  await run('searchd', ['--config', config]);
  searchd = await mysql.createConnection({ host: '127.0.0.1', port });
  console.log(
    `search index of ${SIZE.equipment} instruments (${server.databaseName} world): rows exported in ` +
      `${((exported - started) / 1000).toFixed(1)} s, indexed in ${((built - exported) / 1000).toFixed(1)} s, ` +
      `${(sizes.reduce((a, b) => a + b, 0) / 1e6).toFixed(0)} MB on disk`,
  );
}, 3_600_000);

afterAll(async () => {
  if (skipped) return;
  await searchd?.end();
  if (config) await run('searchd', ['--config', config, '--stopwait']).catch(() => undefined);
  if (folder) await rm(folder, { recursive: true, force: true });
  await server?.close();
});

/** A body's question to the index: the page's ids in the list's order and the exact total. */
async function indexPage(body: EquipmentListQuery): Promise<{ ids: number[]; total: number }> {
  const word = body.fullTextSearchSetting?.keyword ?? '';
  // The bench's own words: a word of letters and digits is one lexeme's prefix, as to_tsquery reads it.
  if (!/^[a-z0-9]+$/.test(word)) failBench(`the index bench takes one word of letters and digits, not ${word}`);
  const filters = body.filterSettings.map((f) => {
    if (!(FILTER_COLUMNS as readonly string[]).includes(f.field)) failBench(`no filter column ${f.field} in the index`);
    return ` and ${f.field} in (${(f.value as string[]).map(crc).join(',')})`;
  });
  const descending = body.orderSettings.at(-1)?.orderType === OrderType.Descending;
  const order = [
    ...body.orderSettings.flatMap((o) => {
      const column = SORT_COLUMNS[o.field as keyof typeof SORT_COLUMNS];
      if (!column) failBench(`no sort column ${o.field} in the index`);
      // The list puts nulls last when descending and first when ascending.
      return o.orderType === OrderType.Descending
        ? [`${column}_null asc`, `${column} desc`]
        : [`${column}_null desc`, `${column} asc`];
    }),
    `id ${descending ? 'desc' : 'asc'}`,
  ].join(', ');
  const offset = body.pageIndex * body.pageSize;
  const [rows] = await searchd!.query(
    `select id from equipment where match('${word}*') and customer_id = ${scope.customerId} and is_hidden = 0
      and follower_ids = ${scope.userId}${filters.join('')}
      order by ${order} limit ${offset}, ${body.pageSize} option max_matches = ${offset + body.pageSize}`,
  );
  return { ids: (rows as { id: number | string }[]).map((r) => Number(r.id)), total: await totalFound() };
}

/** The exact number of matches of the index's last query (Sphinx counts every match whatever the page). */
async function totalFound(): Promise<number> {
  const [meta] = await searchd!.query('show meta');
  const total = (meta as { Variable_name: string; Value: string }[]).find((m) => m.Variable_name === 'total_found');
  if (!total) failBench('the index answered no total_found');
  return Number(total.Value);
}

/** The list's answer through the index: ids and total from it, the page's rows and extras from the database. */
async function listThroughIndex(body: EquipmentListQuery) {
  const { ids, total } = await indexPage(body);
  const db = server.database.db;
  const [rows] = await Promise.all([
    ids.length > 0 ? selectListColumns(db, scope).where('equipment.id', 'in', ids).execute() : [],
    loadEquipmentExtras(db, ids),
  ]);
  const read = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !read.has(id));
  if (missing.length > 0) failBench(`the index named instruments the database does not list: ${missing.join(', ')}`);
  return {
    status: 200,
    body: { errorCode: 0, result: { items: ids.map((id) => ({ id })), totalCount: total, totalCountExact: true } },
  };
}

const expectedPage = once((body: EquipmentListQuery) => plainListPage(server.database.db, inventory, body));
const wordMatches = new Map<string, number>();
const expectedWordMatches = once(async (word: string) => {
  const count = await plainCount(server.database.db, {
    from: inventory.from,
    where: `${inventory.where} and equipment.search @@ to_tsquery('simple', '${word}:*')`,
  });
  wordMatches.set(word, count);
  console.log(`"${word}" matches ${count} of the user's instruments: ${count >= BROAD_MATCHES ? 'broad' : 'narrow'}`);
  return count;
});
const wordTarget = (body: EquipmentListQuery) => () => {
  const matches = wordMatches.get(body.fullTextSearchSetting?.keyword ?? '');
  if (matches === undefined) return null;
  return matches >= BROAD_MATCHES ? WORD_TARGETS.broad : WORD_TARGETS.narrow;
};
const CASES = WORD_CASES.map((c) => ({ ...c, times: timed(`index, ${c.label}`, wordTarget(c.body)) }));

/** The exact count of the broad word on the user's whole list (no filter), as the count call asks for it. */
const COUNT_WORD = broadListBody.fullTextSearchSetting.keyword;
const countTimes = timed('index, exact count of a broad word', COUNT_TARGET_MS);
const expectedCount = once(() => expectedWordMatches(COUNT_WORD));

describe.skipIf(skipped)(`the inventory's word cases through a search index (${SIZE.equipment} instruments)`, () => {
  const options = { time: 5_000, warmupIterations: 0 };
  for (const c of CASES) {
    bench(
      `search index, then rows by id: ${c.bench}`,
      async () => {
        const want = await expectedPage(c.body);
        if (want.ids.length < c.body.pageSize) failBench(`too few matches for a full page: ${want.totalCount}`);
        await expectedWordMatches(c.body.fullTextSearchSetting.keyword);
        await c.times(() => listThroughIndex(c.body), isPage(want, 'id'));
      },
      options,
    );
  }
  bench(
    `search index: the exact count of "${COUNT_WORD}"`,
    async () => {
      const want = await expectedCount();
      await countTimes(async () => {
        await searchd!.query(
          `select id from equipment where match('${COUNT_WORD}*') and customer_id = ${scope.customerId}
            and is_hidden = 0 and follower_ids = ${scope.userId} limit 1`,
        );
        return { status: 200, body: { errorCode: 0, result: { count: await totalFound(), exact: true } } };
      }, isCount(want));
    },
    options,
  );
});
