import pg from 'pg';
import { PostgresDriver } from 'kysely';
import { parseLsn } from './readContext';

/** A replica further behind the primary than this is skipped until it catches up (DATABASE_READ_MAX_LAG_MS). */
export const DEFAULT_MAX_LAG_MS = 5_000;
/** How often each replica's replayed position and the primary's position are read. */
export const DEFAULT_POLL_MS = 250;
/** A replica that does not accept a connection within this is taken for down. */
const CONNECT_TIMEOUT_MS = 2_000;

/** `pg_last_wal_replay_lsn()` on a standby; a server not in recovery is current with itself (its own position). */
const REPLAYED_SQL =
  'select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn';

export interface Replica {
  readonly name: string;
  readonly pool: pg.Pool;
  readonly driver: PostgresDriver;
  up: boolean;
  /** How far it had replayed when last asked. */
  replayed: bigint;
  /** Reads it served. */
  served: number;
}

export interface ReplicaStats {
  replicas: { name: string; up: boolean; lagging: boolean; served: number }[];
  /** Reads of read-only handlers that the primary served (no replica fitted, or one failed and the read was retried). */
  primaryReads: number;
}

/** A replica's name for logs and stats: its host, port and database, never its password. */
function nameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

async function replayedOf(pool: pg.Pool): Promise<bigint | null> {
  const { rows } = await pool.query<{ lsn: string | null }>(REPLAYED_SQL);
  return parseLsn(rows[0]?.lsn);
}

/**
 * The read replicas of one primary (DATABASE_READ_URL): which are up, how far each has replayed, and which one may
 * serve a read that must see the primary as of a given position. Modelled on GitLab's database load balancing.
 */
export class ReadReplicas {
  readonly replicas: Replica[];
  primaryReads = 0;
  /** The primary's position over the last maxLagMs and a little more, oldest first. */
  private primarySamples: { at: number; lsn: bigint }[] = [];
  private turn = 0;
  private timer?: NodeJS.Timeout;
  private polling: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly primary: pg.Pool,
    urls: string[],
    poolOptions: pg.PoolConfig,
    private readonly opts: { maxLagMs: number; pollMs: number },
  ) {
    this.replicas = urls.map((url) => {
      const pool = new pg.Pool({ ...poolOptions, connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      // A replica that stops ends its connections, idle or lent out: news for the poll and the routing (which sends the
      // read again to the primary), not a reason for the server to fall over.
      pool.on('error', () => {});
      pool.on('connect', (client) => client.on('error', () => {}));
      return { name: nameOf(url), pool, driver: new PostgresDriver({ pool }), up: false, replayed: 0n, served: 0 };
    });
  }

  /** Reads every position once (so a replica that is up serves from the first request) and then every pollMs. */
  async start(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.driver.init()));
    await this.poll();
    const tick = () => {
      this.polling = this.poll().finally(() => {
        if (!this.closed) this.timer = setTimeout(tick, this.opts.pollMs).unref();
      });
    };
    this.timer = setTimeout(tick, this.opts.pollMs).unref();
  }

  private async poll(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== null) this.primarySamples.push({ at: now, lsn });
    } catch {
      // The primary's own trouble shows on the requests; the samples only judge the replicas.
    }
    const horizon = now - this.opts.maxLagMs;
    while (this.primarySamples.length > 1 && this.primarySamples[1]!.at <= horizon) this.primarySamples.shift();
    await Promise.all(
      this.replicas.map(async (r) => {
        try {
          const replayed = await replayedOf(r.pool);
          r.up = replayed !== null;
          if (replayed !== null) r.replayed = replayed;
        } catch {
          r.up = false;
        }
      }),
    );
  }

  /** Behind where the primary stood maxLagMs ago. */
  private lagging(r: Replica, now = Date.now()): boolean {
    const oldest = this.primarySamples[0];
    return oldest !== undefined && oldest.at <= now - this.opts.maxLagMs && r.replayed < oldest.lsn;
  }

  /**
   * A replica that is up, not lagging and has replayed `minLsn` (asked afresh when the last poll is not far enough),
   * in turn among those that fit; null: read the primary.
   */
  async choose(minLsn: bigint | null): Promise<Replica | null> {
    const fit = this.replicas.filter((r) => r.up && !this.lagging(r));
    for (let i = 0; i < fit.length; i++) {
      const r = fit[(this.turn + i) % fit.length]!;
      if (minLsn === null || r.replayed >= minLsn) {
        this.turn = (this.turn + i + 1) % fit.length;
        return r;
      }
    }
    const candidate = fit[this.turn % Math.max(1, fit.length)];
    if (!candidate || minLsn === null) return null;
    try {
      const replayed = await replayedOf(candidate.pool);
      if (replayed !== null && replayed > candidate.replayed) candidate.replayed = replayed;
      return candidate.replayed >= minLsn ? candidate : null;
    } catch {
      candidate.up = false;
      return null;
    }
  }

  markDown(r: Replica): void {
    r.up = false;
  }

  stats(): ReplicaStats {
    return {
      replicas: this.replicas.map((r) => ({ name: r.name, up: r.up, lagging: this.lagging(r), served: r.served })),
      primaryReads: this.primaryReads,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.all(this.replicas.map((r) => r.driver.destroy()));
  }
}

/**
 * DATABASE_READ_URL (one or more replica URLs, comma-separated, each a postgres:// URL) and DATABASE_READ_MAX_LAG_MS
 * (1–600000); throws on a bad value so the server does not start with a setting it would ignore.
 */
export function readReplicaSettings(env: NodeJS.ProcessEnv): { readUrls?: string[]; replicaMaxLagMs?: number } {
  const urls = (env.DATABASE_READ_URL ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length && !env.DATABASE_URL) throw new Error('DATABASE_READ_URL needs DATABASE_URL (the primary)');
  for (const url of urls) {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:')
      throw new Error('DATABASE_READ_URL: each replica is a postgres:// URL, separated by commas');
  }
  const lag = env.DATABASE_READ_MAX_LAG_MS;
  if (lag !== undefined && lag !== '' && !(/^\d{1,6}$/.test(lag) && Number(lag) >= 1 && Number(lag) <= 600_000))
    throw new Error('DATABASE_READ_MAX_LAG_MS must be a whole number of milliseconds from 1 to 600000');
  return {
    ...(urls.length ? { readUrls: urls } : {}),
    ...(lag ? { replicaMaxLagMs: Number(lag) } : {}),
  };
}
