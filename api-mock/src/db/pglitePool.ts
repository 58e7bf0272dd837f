import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { PgliteThread } from './pgliteThread';

/** The order in which HTTP requests arrived: each request's work carries its number. */
const requestOrder = new AsyncLocalStorage<number>();
let arrivals = 0;
let numbering = false;

/** Number the HTTP requests of this process as they arrive; from the first PGlite pool on (PostgreSQL needs none). */
function numberRequests() {
  if (numbering) return;
  numbering = true;
  subscribe('http.server.request.start', () => requestOrder.enterWith(++arrivals));
}

/** A query waiting for its turn: its request's arrival, and whether it opens a transaction. */
interface Waiter {
  order: number;
  /** The connection whose transaction this query opens, or null. */
  opens: object | null;
  grant: () => void;
}

/** How many queries the database thread may hold at once: enough to keep it busy, few enough to keep the order. */
const IN_FLIGHT = 4;

const OPENS = /^\s*(begin|start\s+transaction)\b/i;
const CLOSES = /^\s*(commit|rollback|end|abort)\s*$/i;

/**
 * A pg-style pool over one PGlite session (in its thread, pgliteThread.ts) for Kysely's PostgresDialect. Outside a
 * transaction queries of different requests go to the thread one after another without waiting for each other's
 * answers, so the database always has the next one at hand; a transaction has the session to itself from its begin,
 * once the queries sent before it are answered, to its commit or rollback (or its connection's release).
 *
 * Queries wait in the order their HTTP requests arrived, not in the order they were asked: a request of N queries
 * would otherwise queue N times behind every request that arrived after it.
 */
export function pglitePool(pg: Pick<PgliteThread, 'query' | 'close'>) {
  numberRequests();
  /** Queries sent and not yet answered, outside a transaction. */
  let inFlight = 0;
  /** The connection whose transaction has the session. */
  let owner: object | null = null;
  /** Sorted by order; equal orders in the order they came. */
  const waiting: Waiter[] = [];

  const enqueue = (waiter: Waiter) => {
    let lo = 0;
    let hi = waiting.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (waiting[mid]!.order <= waiter.order) lo = mid + 1;
      else hi = mid;
    }
    waiting.splice(lo, 0, waiter);
  };

  /** Send what may go now: queries in order, up to IN_FLIGHT; a transaction's begin once nothing else is out. */
  const pump = () => {
    while (owner === null && waiting.length > 0) {
      const next = waiting[0]!;
      if (next.opens ? inFlight > 0 : inFlight >= IN_FLIGHT) return;
      waiting.shift();
      // Taken here, before the waiter resumes: the loop goes on granting.
      if (next.opens) owner = next.opens;
      else inFlight++;
      next.grant();
    }
  };

  const connection = () => {
    let returned = false;
    const self = {
      async query(text: string, params: unknown[]) {
        if (owner !== self) {
          const opens = OPENS.test(text) ? self : null;
          await new Promise<void>((grant) => {
            enqueue({ order: requestOrder.getStore() ?? arrivals, opens, grant });
            pump();
          });
        }
        try {
          const result = await pg.query(text, params);
          const command = /^\s*(insert|update|delete|merge|with)\b/i.exec(text)?.[1]?.toUpperCase();
          return {
            command: command === 'WITH' ? 'UPDATE' : command,
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows,
          };
        } finally {
          if (owner !== self) inFlight--;
          else if (CLOSES.test(text)) owner = null;
          pump();
        }
      },
      release: () => {
        if (returned) return;
        returned = true;
        if (owner === self) owner = null;
        pump();
      },
    };
    return self;
  };

  return {
    connect: async () => connection(),
    async end() {
      // Last in line: what was asked for before runs first.
      await connection().query('select 1', []);
      await pg.close();
    },
  };
}
