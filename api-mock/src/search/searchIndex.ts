import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import mysql from 'mysql2/promise';
import type { EquipmentListQuery } from '../../../contract/equipment';
import type { Database } from '../db/schema';
import type { EquipmentScope } from '../equipment/queries';
import {
  DOCUMENT_COLUMNS,
  EQUIPMENT_INDEX,
  SHARDS,
  documentTuple,
  equipmentDocuments,
  shardOf,
} from './equipmentDocuments';
import { equipmentIndexQuery } from './equipmentQuery';

/**
 * SEARCH_URL (`sphinx://host:port`, searchd's SphinxQL listener): the search index the equipment lists with a word
 * answer from (issue 36). Absent or blank: none. A bad value throws, so the server does not start with a setting it
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
/** A drain that sent this many instruments compacts the index after. */
const COMPACT_AFTER = 10_000;
/** How many queued instruments one drain sends. */
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
  /** Answered by the database: a shape the index does not take, the customer's changes still queued, or the index down. */
  passed: number;
  failed: number;
  drained: number;
}

/**
 * The search index beside the database: it answers equipment list pages with a word (ids in order and the exact
 * total) while the database stays the source of truth. Writes reach it through the queue that triggers fill
 * (migration 059), drained by one server at a time; a customer's page is asked of it only while none of that
 * customer's changes wait, so a user always reads what was written before.
 */
export class SearchIndex {
  readonly stats: SearchIndexStats = { answered: 0, passed: 0, failed: 0, drained: 0 };
  private readonly pool: mysql.Pool;
  private readonly drainerId = randomUUID();
  private downUntil = 0;
  private textSorts = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> = Promise.resolve();

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
    for (let n = 0; n < SHARDS; n++) {
      const shard = `${EQUIPMENT_INDEX}_${n}`;
      const described = await this.ask<{ Field: string }>(`describe ${shard}`);
      // Searchd lists the attributes in an order of its own.
      const columns = described.map((d) => d.Field).sort();
      if (columns.join() !== [...DOCUMENT_COLUMNS].sort().join())
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
    const [indexed, inTable] = await Promise.all([
      this.ask<{ n: string }>(`select count(*) as n from ${EQUIPMENT_INDEX}`),
      this.db
        .selectFrom('equipment')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    if (state.enabled && Number(indexed[0]?.n ?? 0) === Number(inTable.count)) return;
    await this.withLease(async () => {
      await this.db.transaction().execute(async (trx) => {
        await trx.updateTable('search_index_state').set({ enabled: true }).where('id', '=', 1).execute();
        await sql`insert into search_queue (equipment_id, customer_id) select id, customer_id from equipment
          on conflict (customer_id, equipment_id) do update set seq = nextval('search_queue_seq')`.execute(trx);
      });
      for (let n = 0; n < SHARDS; n++) await this.ask(`truncate rtindex ${EQUIPMENT_INDEX}_${n}`);
    }, true);
  }

  /**
   * A page of a customer's equipment list from the index, or null when the database is to answer it (see
   * equipmentIndexQuery, the customer's changes still queued, or the index down).
   */
  async equipmentPage(
    scope: EquipmentScope,
    body: Pick<
      EquipmentListQuery,
      'fullTextSearchSetting' | 'filterSettings' | 'orderSettings' | 'pageIndex' | 'pageSize'
    >,
  ): Promise<{ ids: number[]; totalCount: number } | null> {
    const query = equipmentIndexQuery(scope, body, { maxMatches: INDEX_MAX_MATCHES, textSorts: this.textSorts });
    if (query === null || Date.now() < this.downUntil || (await this.queued(scope.customerId))) {
      this.stats.passed++;
      return null;
    }
    try {
      const [results] = await this.pool.query(`${query}; show meta`);
      const [rows, meta] = results as unknown as [
        { id: number | string }[],
        { Variable_name: string; Value: string }[],
      ];
      const total = meta.find((m) => m.Variable_name === 'total_found');
      if (!total) throw new Error('the index gave no total_found');
      this.stats.answered++;
      return { ids: rows.map((r) => Number(r.id)), totalCount: Number(total.Value) };
    } catch (err) {
      this.stats.failed++;
      this.downUntil = Date.now() + DOWN_FOR_MS;
      this.onError(err, 'search index question');
      return null;
    }
  }

  /** How many of a customer's instruments match a list's word and filters, exactly, or null as equipmentPage. */
  async equipmentTotal(
    scope: EquipmentScope,
    body: Pick<EquipmentListQuery, 'fullTextSearchSetting' | 'filterSettings'>,
  ): Promise<number | null> {
    const page = await this.equipmentPage(scope, { ...body, orderSettings: [], pageIndex: 0, pageSize: 1 });
    return page?.totalCount ?? null;
  }

  /** Whether any change of the customer's instruments waits to reach the index. */
  private async queued(customerId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('search_queue')
      .select('equipment_id')
      .where('customer_id', '=', customerId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Send queued instruments to the index until the queue is empty; answers how many were sent. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.withLease(() => this.drainBatch());
      sent += batch ?? 0;
      if (!batch || batch < DRAIN_BATCH) break;
    }
    // After a fill, the shards' memory parts go to disk and merge into one (searchd merges in the background):
    // a search over one disk part is about half as long as over many memory segments.
    if (sent >= COMPACT_AFTER)
      for (let n = 0; n < SHARDS; n++) {
        await this.ask(`flush ramchunk ${EQUIPMENT_INDEX}_${n}`);
        await this.ask(`optimize index ${EQUIPMENT_INDEX}_${n}`);
      }
    return sent;
  }

  private async drainBatch(): Promise<number> {
    const batch = await this.db
      .selectFrom('search_queue')
      .select(['equipment_id', 'customer_id', 'seq'])
      .orderBy('seq')
      .limit(DRAIN_BATCH)
      .execute();
    if (batch.length === 0) return 0;
    const ids = [...new Set(batch.map((b) => b.equipment_id))];
    const documents = await equipmentDocuments(this.db, ids);
    const present = new Set(documents.map((d) => Number(d.id)));
    const gone = ids.filter((id) => !present.has(id));
    const statements: string[] = [];
    for (let n = 0; n < SHARDS; n++) {
      const shard = `${EQUIPMENT_INDEX}_${n}`;
      const tuples = documents.filter((d) => shardOf(Number(d.id)) === shard).map(documentTuple);
      if (tuples.length > 0)
        statements.push(`replace into ${shard} (${DOCUMENT_COLUMNS.join(', ')}) values ${tuples.join(', ')}`);
      if (gone.length > 0) statements.push(`delete from ${shard} where id in (${gone.join(', ')})`);
    }
    for (const statement of statements) await this.ask(statement);
    await sql`delete from search_queue q using unnest(${batch.map((b) => b.customer_id)}::integer[],
        ${batch.map((b) => b.equipment_id)}::integer[], ${batch.map((b) => b.seq)}::bigint[]) as b(customer_id, equipment_id, seq)
      where q.customer_id = b.customer_id and q.equipment_id = b.equipment_id and q.seq = b.seq`.execute(this.db);
    this.stats.drained += batch.length;
    return batch.length;
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
      const waiting = await this.db.selectFrom('search_queue').select('seq').limit(1).executeTakeFirst();
      if (waiting) await this.drain();
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
