import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import mysql from 'mysql2/promise';
import type { Database } from '../db/schema';
import type { EquipmentScope } from '../equipment/queries';
import type { WorkOrderScope } from '../serviceCalls/fields';
import {
  equipmentIndexQuery,
  narrowTextFilters,
  workOrderIndexQuery,
  type IndexQuestion,
  type IndexedListBody,
} from './indexQuery';
import {
  QUEUED_INDEXES,
  SEARCHED_TABLES,
  documentColumns,
  documentTuple,
  documents,
  shardOf,
  shardsOf,
  type DocumentRow,
  type SearchedTable,
} from './searchedTables';
import { numberedDocuments, valueIdsOf } from './valueIds';

/**
 * SEARCH_URL (`sphinx://host:port`, searchd's SphinxQL listener): the search index the equipment and work-order lists
 * with a word answer from (issue 36). Absent or blank: none. A bad value throws, so the server does not start with a setting it
 * would misread.
 */
export function searchUrlSetting(value: string | undefined): { host: string; port: number } | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`SEARCH_URL: "${value.slice(0, 80)}" is not a URL (sphinx://host:port)`);
  }
  const port = Number(url.port);
  if (url.protocol !== 'sphinx:' || !url.hostname || !Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`SEARCH_URL: "${value.slice(0, 80)}" must be sphinx://host:port`);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
}

/** How many matches a page may lie within for the index to answer it (its `max_matches`). */
export const INDEX_MAX_MATCHES = 10_000;
/** A drain that sent this many rows of a table compacts its shards after. */
const COMPACT_AFTER = 10_000;
/** How many queued rows one batch sends. */
const DRAIN_BATCH = 1_000;
/** How often an idle drainer looks at the queue, and how long one waits after a failure. */
const DRAIN_EVERY_MS = 100;
const RETRY_AFTER_MS = 1_000;
/** A drainer's lease on the queue, renewed with every batch; another server takes over once it lapses. */
const LEASE_SECONDS = 30;
/** After a failed question the index is left alone this long: the database answers meanwhile. */
const DOWN_FOR_MS = 5_000;

/** What the index did, for tests and logs. */
export interface SearchIndexStats {
  answered: number;
  /** Of those, how many each index answered, by its name. */
  answeredBy: Record<string, number>;
  /** Answered by the database: a shape the index does not take, the customer's changes still queued, or the index down. */
  passed: number;
  failed: number;
  drained: number;
  /** Instruments queued again because their values' ranks moved to make room for new values (valueRanks). */
  moved: number;
}

/**
 * The search index beside the database: it answers equipment and work-order list pages with a word (ids in order and
 * the exact total) while the database stays the source of truth. Writes reach it through the queues that triggers
 * fill (migrations 059 and 060), drained by one server at a time; a customer's page is asked of it only while none of
 * that customer's changes to the table wait, so a user always reads what was written before.
 */
export class SearchIndex {
  readonly stats: SearchIndexStats = { answered: 0, answeredBy: {}, passed: 0, failed: 0, drained: 0, moved: 0 };
  private readonly pool: mysql.Pool;
  private readonly drainerId = randomUUID();
  private downUntil = 0;
  private textSorts = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> = Promise.resolve();
  /** Rows sent per table since its queue was last vacuumed. */
  private readonly unvacuumed = new Map<SearchedTable, number>();

  private constructor(
    private readonly db: Kysely<Database>,
    target: { host: string; port: number },
    private readonly onError: (err: unknown, what: string) => void,
  ) {
    this.pool = mysql.createPool({
      host: target.host,
      port: target.port,
      connectionLimit: 10,
      multipleStatements: true,
      enableKeepAlive: true,
    });
  }

  /**
   * Connect, check the index against the table (a new or emptied index, or one that was off, is filled anew: every
   * instrument queued, then the index emptied, so lists answer from the database until it is full again), and start
   * draining.
   */
  static async open(
    db: Kysely<Database>,
    target: { host: string; port: number },
    onError: (err: unknown, what: string) => void,
  ): Promise<SearchIndex> {
    const index = new SearchIndex(db, target, onError);
    try {
      await index.prepare();
    } catch (err) {
      await index.pool.end();
      throw err;
    }
    index.schedule(0);
    return index;
  }

  private async prepare() {
    const { rows } = await sql<{ collation: string }>`
      select datcollate as collation from pg_database where datname = current_database()`.execute(this.db);
    // Sphinx sorts text by its bytes: so does the database only in the C collation (or C.UTF-8).
    this.textSorts = /^(C|POSIX|C\.UTF-?8)$/i.test(rows[0]?.collation ?? '');
    for (const table of SEARCHED_TABLES)
      for (const shard of shardsOf(table)) {
        // An index searchd does not have is described by an error of searchd's (a connection's error is thrown).
        const described = await this.ask<{ Field: string }>(`describe ${shard}`).catch(
          (err: { sqlMessage?: string }) => {
            if (err.sqlMessage === undefined) throw err;
            return [];
          },
        );
        // Searchd lists the attributes in an order of its own.
        const columns = described.map((d) => d.Field).sort();
        if (columns.join() !== documentColumns(table).sort().join())
          throw new Error(
            `searchd's ${shard} is not the index this server writes (another version's configuration): ` +
              'write it anew with npm run search:config and start searchd again',
          );
      }
    const state = await this.db
      .selectFrom('search_index_state')
      .select('enabled')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    // A table whose index is off, emptied or short is filled anew: every row queued, then its shards emptied.
    const stale: SearchedTable[] = [];
    for (const table of SEARCHED_TABLES) {
      const [indexed, inTable] = await Promise.all([
        this.ask<{ n: string }>(`select count(*) as n from ${table.index}`),
        sql<{ n: string }>`select count(*) as n from ${sql.table(table.table)}`.execute(this.db),
      ]);
      if (!state.enabled || Number(indexed[0]?.n ?? 0) !== Number(inTable.rows[0]?.n ?? 0)) stale.push(table);
    }
    if (stale.length === 0) return;
    // A table is queued once, however many of its indexes are stale.
    const staleTables = [...new Map(stale.map((t) => [t.queue, t])).values()];
    await this.withLease(async () => {
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('search_index_state').set({ enabled: true }).where('id', '=', 1).execute();
        for (const table of staleTables)
          await sql`insert into ${sql.table(table.queue)} (${sql.ref(table.queueId)}, customer_id)
            select id, customer_id from ${sql.table(table.table)}
            on conflict (customer_id, ${sql.ref(table.queueId)}) do update set seq = nextval('search_queue_seq')`.execute(
            trx,
          );
      });
      for (const table of stale) for (const shard of shardsOf(table)) await this.ask(`truncate rtindex ${shard}`);
    }, true);
  }

  /**
   * A page of a customer's equipment list from the index, or null when the database is to answer it (see
   * equipmentIndexQuery, the customer's changes still queued, or the index down).
   */
  async equipmentPage(scope: EquipmentScope, body: IndexedListBody) {
    const filters = narrowTextFilters(body);
    const valueIds = filters && (await valueIdsOf(this.db, scope.customerId, filters));
    return this.page(scope.customerId, equipmentIndexQuery(scope, body, this.options(), valueIds ?? undefined));
  }

  /** How many of a customer's instruments match a list's word and filters, exactly, or null as equipmentPage. */
  async equipmentTotal(scope: EquipmentScope, body: Pick<IndexedListBody, 'fullTextSearchSetting' | 'filterSettings'>) {
    return (await this.equipmentPage(scope, { ...body, orderSettings: [], pageIndex: 0, pageSize: 1 }))?.totalCount;
  }

  /** A page of a work-order tab from the index, or null when the database is to answer it (see workOrderIndexQuery). */
  workOrderPage(scope: WorkOrderScope, body: IndexedListBody) {
    return this.page(scope.customerId, workOrderIndexQuery(scope, body, this.options()));
  }

  /** How many work orders of a tab match its word and filters, exactly, or null as workOrderPage. */
  async workOrderTotal(scope: WorkOrderScope, body: Pick<IndexedListBody, 'fullTextSearchSetting' | 'filterSettings'>) {
    const one = { ...body, orderSettings: [], pageIndex: 0, pageSize: 1 };
    const query = workOrderIndexQuery(scope, one, this.options(), []);
    return (await this.page(scope.customerId, query))?.totalCount;
  }

  private options() {
    return { maxMatches: INDEX_MAX_MATCHES, textSorts: this.textSorts };
  }

  private async page(
    customerId: number,
    query: IndexQuestion | null,
  ): Promise<{ ids: number[]; totalCount: number } | null> {
    if (query === null || Date.now() < this.downUntil) {
      this.stats.passed++;
      return null;
    }
    // The index is asked while the queue is looked at; its answer counts only when nothing of the customer waits.
    const [waiting, answer] = await Promise.all([
      this.queued(query.index, customerId),
      this.pool.query(`${query.sql}; show meta`).then(
        ([results]) => ({ results }),
        (error: unknown) => ({ error }),
      ),
    ]);
    if (waiting) {
      this.stats.passed++;
      return null;
    }
    try {
      if ('error' in answer) throw answer.error;
      const [rows, meta] = answer.results as unknown as [
        { id: number | string }[],
        { Variable_name: string; Value: string }[],
      ];
      const total = meta.find((m) => m.Variable_name === 'total_found');
      if (!total) throw new Error('the index gave no total_found');
      this.stats.answered++;
      this.stats.answeredBy[query.index.index] = (this.stats.answeredBy[query.index.index] ?? 0) + 1;
      return { ids: rows.map((r) => Number(r.id)), totalCount: Number(total.Value) };
    } catch (err) {
      this.stats.failed++;
      this.downUntil = Date.now() + DOWN_FOR_MS;
      this.onError(err, 'search index question');
      return null;
    }
  }

  /** Whether any change of the customer's rows of the table waits to reach the index. */
  private async queued(table: SearchedTable, customerId: number): Promise<boolean> {
    const { rows } =
      await sql`select 1 from ${sql.table(table.queue)} where customer_id = ${customerId} limit 1`.execute(this.db);
    return rows.length > 0;
  }

  /** Send queued rows to the index until the queues are empty; answers how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (const indexes of QUEUED_INDEXES) {
      const table = indexes[0]!;
      let sentOfTable = 0;
      for (;;) {
        const batch = await this.withLease(() => this.drainBatch(indexes));
        sentOfTable += batch ?? 0;
        if (!batch || batch < DRAIN_BATCH) break;
      }
      // After a fill, the shards' memory parts go to disk and merge into one (searchd merges in the background):
      // a search over one disk part is about half as long as over many memory segments.
      if (sentOfTable >= COMPACT_AFTER) {
        for (const shard of indexes.flatMap(shardsOf)) {
          await this.ask(`flush ramchunk ${shard}`);
          await this.ask(`optimize index ${shard}`);
        }
      }
      // The queue's dead rows go every so many sent: PGlite has no autovacuum, and a look at the queue passes them.
      const unvacuumed = (this.unvacuumed.get(table) ?? 0) + sentOfTable;
      this.unvacuumed.set(table, unvacuumed >= COMPACT_AFTER ? 0 : unvacuumed);
      if (unvacuumed >= COMPACT_AFTER) await sql`vacuum ${sql.table(table.queue)}`.execute(this.db);
      sent += sentOfTable;
    }
    return sent;
  }

  /** One batch of a queue, written to each of its indexes (`indexes`, the widest first: its rows serve them all). */
  private async drainBatch(indexes: readonly SearchedTable[]): Promise<number> {
    const table = indexes[0]!;
    const { rows: batch } = await sql<{ id: number; customer_id: number; seq: string }>`
      select ${sql.ref(table.queueId)} as id, customer_id, seq from ${sql.table(table.queue)}
      order by seq limit ${DRAIN_BATCH}`.execute(this.db);
    if (batch.length === 0) return 0;
    const ids = [...new Set(batch.map((b) => b.id))];
    const rows = await documents(this.db, table, ids);
    const present = new Set(rows.map((d) => Number(d.id)));
    const gone = ids.filter((id) => !present.has(id));
    const statements: string[] = [];
    for (const index of indexes) {
      const columns = documentColumns(index).join(', ');
      const documentsOf = index.keys === 'numbered' ? await this.numbered(index, rows) : rows;
      for (const shard of shardsOf(index)) {
        const tuples = documentsOf
          .filter((d) => shardOf(index, Number(d.id)) === shard)
          .map((d) => documentTuple(index, d));
        if (tuples.length > 0) statements.push(`replace into ${shard} (${columns}) values ${tuples.join(', ')}`);
        if (gone.length > 0) statements.push(`delete from ${shard} where id in (${gone.join(', ')})`);
      }
    }
    for (const statement of statements) await this.ask(statement);
    await sql`delete from ${sql.table(table.queue)} q using unnest(${batch.map((b) => b.customer_id)}::integer[],
        ${batch.map((b) => b.id)}::integer[], ${batch.map((b) => b.seq)}::bigint[]) as b(customer_id, id, seq)
      where q.customer_id = b.customer_id and q.${sql.ref(table.queueId)} = b.id and q.seq = b.seq`.execute(this.db);
    this.stats.drained += batch.length;
    return batch.length;
  }

  /** The rows with their values' numbers and, where the index sorts text, ranks (valueIds). */
  private async numbered(index: SearchedTable, rows: DocumentRow[]) {
    const { documents, moved } = await numberedDocuments(this.db, index, rows, this.textSorts);
    this.stats.moved += moved;
    return documents;
  }

  /**
   * Run `work` holding the queue's lease, so one server at a time sends and a reset is not interleaved with a drain;
   * null when another server holds it. With `wait`, wait for the lease instead (up to twice its length).
   */
  private async withLease<T>(work: () => Promise<T>, wait = false): Promise<T | null> {
    const deadline = Date.now() + 2 * LEASE_SECONDS * 1000;
    for (;;) {
      const { rows } = await sql`
        update search_index_state set drainer = ${this.drainerId},
          drainer_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = 1 and (drainer is null or drainer = ${this.drainerId} or drainer_until < now())
        returning id`.execute(this.db);
      if (rows.length > 0) break;
      if (!wait || Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, DRAIN_EVERY_MS));
    }
    try {
      return await work();
    } finally {
      await sql`update search_index_state set drainer = null, drainer_until = null
        where id = 1 and drainer = ${this.drainerId}`.execute(this.db);
    }
  }

  /** A statement to searchd, its rows. */
  private async ask<R>(statement: string): Promise<R[]> {
    const [rows] = await this.pool.query(statement);
    return rows as R[];
  }

  private schedule(afterMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.draining = this.tick();
    }, afterMs);
  }

  private async tick() {
    let wait = DRAIN_EVERY_MS;
    try {
      // An empty queue costs one indexed read, and no write (the lease is taken only for work).
      for (const [table] of QUEUED_INDEXES) {
        const { rows } = await sql`select 1 from ${sql.table(table!.queue)} order by seq limit 1`.execute(this.db);
        if (rows.length > 0) {
          await this.drain();
          break;
        }
      }
    } catch (err) {
      wait = RETRY_AFTER_MS;
      this.onError(err, 'search index drain');
    }
    this.schedule(wait);
  }

  async close() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining.catch(() => undefined);
    await this.pool.end();
  }
}
