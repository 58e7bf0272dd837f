import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  PostgresDriver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { readContext, type ReadContext } from './readContext';
import type { ReadReplicas, Replica } from './readReplicas';

/** A connection of Kysely's PostgreSQL driver, which only that driver may release. */
type PgConnection = Parameters<PostgresDriver['releaseConnection']>[0];

const READ_ONLY_TRANSACTION = '25006';
/** Connection lost or refused, the server shutting down or starting, a conflict with replay: the read goes again. */
const RETRY_ELSEWHERE = /^(08|57P0[1-3]|40001$)/;

function failedReplica(err: unknown): 'readOnly' | 'unusable' | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code === READ_ONLY_TRANSACTION) return 'readOnly';
  if (RETRY_ELSEWHERE.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH)$/.test(code)) return 'unusable';
  if (!code && /connection|terminated|not queryable|timeout/i.test(String(e?.message ?? ''))) return 'unusable';
  return null;
}

/** Whether a statement may change the database: anything but a plain SELECT (raw SQL counts unless it starts so). */
function mayWrite(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  if (kind !== 'RawNode') return true;
  if (/^\s*(begin|commit|rollback|start\s+transaction)\b/i.test(query.sql)) return false;
  return !/^\s*select\b/i.test(query.sql) || /\bfor\s+(no\s+key\s+)?(update|share)\b/i.test(query.sql);
}

/**
 * One connection as Kysely sees it: on a replica when the request's context allows it, else on the primary. A read
 * that a replica fails (stopped, refusing a write) is sent again to the primary, unless it ran inside a transaction
 * that already did work there.
 */
class RoutedConnection implements DatabaseConnection {
  inTransaction = false;
  private statements = 0;

  constructor(
    private readonly router: RoutingDriver,
    public inner: PgConnection,
    public replica: Replica | null,
    private readonly ctx: ReadContext | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.replica) {
      try {
        const result = await this.inner.executeQuery<R>(query);
        this.statements++;
        return result;
      } catch (err) {
        const failure = failedReplica(err);
        // Inside a transaction only its BEGIN may move: after that the transaction's work is on the replica.
        const retried = !this.inTransaction || this.statements === 0;
        if (!failure || !retried) throw err;
        if (failure === 'readOnly' && this.ctx) this.ctx.primaryOnly = true;
        else this.router.replicas.markDown(this.replica);
        await this.router.moveToPrimary(this);
      }
    }
    if (this.ctx && mayWrite(query)) this.ctx.wrote = true;
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!this.replica && this.ctx && mayWrite(query)) this.ctx.wrote = true;
    return this.inner.streamQuery<R>(query, chunkSize ?? 1);
  }
}

/**
 * Kysely's PostgreSQL driver for a primary with read replicas: a connection taken inside a read-only handler's
 * context (readContext) comes from a replica that has replayed the session's last write; every other one from the
 * primary, whose writes the context records.
 */
export class RoutingDriver implements Driver {
  constructor(
    private readonly primary: PostgresDriver,
    readonly replicas: ReadReplicas,
  ) {}

  async init(): Promise<void> {
    await this.primary.init();
    await this.replicas.start();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const ctx = readContext();
    if (ctx?.replica && !ctx.primaryOnly) {
      const replica = await this.replicas.choose(ctx.minLsn);
      if (replica) {
        try {
          const inner = (await replica.driver.acquireConnection()) as PgConnection;
          replica.served++;
          return new RoutedConnection(this, inner, replica, ctx);
        } catch {
          this.replicas.markDown(replica);
        }
      }
      this.replicas.primaryReads++;
    }
    return new RoutedConnection(this, (await this.primary.acquireConnection()) as PgConnection, null, ctx);
  }

  /** The replica's connection goes back (its pool drops it if broken) and the primary's takes its place. */
  async moveToPrimary(conn: RoutedConnection): Promise<void> {
    const { replica, inner } = conn;
    if (replica) {
      replica.served--;
      this.replicas.primaryReads++;
      await replica.driver.releaseConnection(inner);
    }
    conn.replica = null;
    conn.inner = (await this.primary.acquireConnection()) as PgConnection;
  }

  private driverOf(conn: DatabaseConnection): PostgresDriver {
    return (conn as RoutedConnection).replica?.driver ?? this.primary;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    (conn as RoutedConnection).inTransaction = true;
    await this.primary.beginTransaction(conn, settings);
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await this.primary.commitTransaction(conn);
    (conn as RoutedConnection).inTransaction = false;
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await this.primary.rollbackTransaction(conn);
    (conn as RoutedConnection).inTransaction = false;
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    await this.driverOf(conn).releaseConnection((conn as RoutedConnection).inner);
  }

  async destroy(): Promise<void> {
    await this.replicas.close();
    await this.primary.destroy();
  }
}
