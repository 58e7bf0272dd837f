import path from 'node:path';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Kysely, PostgresDialect, PostgresDriver, type Dialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { pglitePool } from './pglitePool';
import { startPgliteThread } from './pgliteThread';
import { DEFAULT_MAX_LAG_MS, DEFAULT_POLL_MS, ReadReplicas } from './readReplicas';
import { RoutingDriver } from './readRouting';

export type DbKind = 'pglite' | 'postgres';

/** Subscribe to a PostgreSQL notification channel; resolves to the unsubscribe. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** LISTEN/NOTIFY: how several server processes on one database hear of each other's changes. */
  listen: Listen;
  /** PostgreSQL with read replicas (DATABASE_READ_URL): their state, for logs and tests. */
  replicas?: ReadReplicas;
  /** PGlite only: its data directory as a tar, to start another PGlite from (`loadDataDir`). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

/** No statement of a request runs longer; a transaction left idle is ended as soon. */
export const STATEMENT_TIMEOUT_MS = 15_000;

let pgliteBinaries: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;

/** PGlite's WebAssembly compiled and its file bundle read once per process, however many databases it opens. */
function loadPgliteBinaries() {
  pgliteBinaries ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return pgliteBinaries;
}

/** Open the database: PostgreSQL when `databaseUrl` is given, else PGlite in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** An in-memory PGlite starts from this dumped data directory (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  statementTimeoutMs?: number;
  /** PostgreSQL only: read replicas of databaseUrl, which the read-only handlers read from (readRouting.ts). */
  readUrls?: string[];
  /** A replica further behind than this is skipped (DATABASE_READ_MAX_LAG_MS). */
  replicaMaxLagMs?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
        if (oid === DATE) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      },
    };
    const timeout = opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
    const poolOptions: pg.PoolConfig = {
      max: 10,
      types,
      statement_timeout: timeout,
      idle_in_transaction_session_timeout: timeout,
      // Compiling a plan costs 100–300 ms once a big list's estimate passes jit_above_cost: more than it saves on
      // queries that answer in milliseconds.
      options: '-c jit=off',
    };
    const pool = new pg.Pool({ ...poolOptions, connectionString: opts.databaseUrl });
    const postgres = new PostgresDialect({ pool });
    const replicas = opts.readUrls?.length
      ? new ReadReplicas(pool, opts.readUrls, poolOptions, {
          maxLagMs: opts.replicaMaxLagMs ?? DEFAULT_MAX_LAG_MS,
          pollMs: DEFAULT_POLL_MS,
        })
      : undefined;
    const dialect: Dialect = replicas
      ? {
          createAdapter: () => postgres.createAdapter(),
          createDriver: () => new RoutingDriver(new PostgresDriver({ pool }), replicas),
          createIntrospector: (db) => postgres.createIntrospector(db),
          createQueryCompiler: () => postgres.createQueryCompiler(),
        }
      : postgres;
    const db = new Kysely<Database>({ dialect });
    const listeners: pg.Client[] = [];
    const listen: Listen = async (channel, onPayload) => {
      const listener = new pg.Client({ connectionString: opts.databaseUrl });
      await listener.connect();
      listener.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''));
      await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.push(listener);
      return async () => {
        listeners.splice(listeners.indexOf(listener), 1);
        await listener.end();
      };
    };
    const close = async () => {
      await Promise.all(listeners.splice(0).map((l) => l.end()));
      await db.destroy();
    };
    return { db, kind: 'postgres', listen, close, ...(replicas ? { replicas } : {}) };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = path.resolve(opts.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = await startPgliteThread({
    ...(await loadPgliteBinaries()),
    ...(dataDir ? { dataDir } : {}),
    ...(!dataDir && opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) as never }) });
  const listen: Listen = async (channel, onPayload) => pglite.listen(channel, onPayload);
  // After a checkpoint the copy starts without replaying the write-ahead log (about a third faster to open).
  const dumpDataDir = async () => {
    await pglite.exec('checkpoint');
    return pglite.dumpDataDir('none');
  };
  return { db, kind: 'pglite', listen, dumpDataDir, close: () => db.destroy() };
}
