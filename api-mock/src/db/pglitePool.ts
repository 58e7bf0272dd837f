import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { PGlite } from '@electric-sql/pglite';

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

interface Waiter {
  order: number;
  grant: () => void;
}

/**
 * A pg-style pool over one PGlite instance for Kysely's PostgresDialect. PGlite has a single session, so a
 * connection is lent to one user at a time: a transaction keeps it until it releases it.
 *
 * PGlite runs in this thread and answers inside promise jobs, so a busy server needs three rules to stay fair:
 * - The next waiter gets the session in a later turn of the event loop (setImmediate), one per turn, so the loop
 *   keeps polling its sockets (accepting connections, reading requests) between requests. Served inside the
 *   socket callbacks instead, one turn ran every waiting request to its end and accepted a single connection.
 * - Waiters are served in the order their HTTP requests arrived, not in the order of their queries: a request of
 *   N queries would otherwise queue N times behind every request that arrived after it.
 * - A query asked for by the work a finished query resumes (in the same run of promise jobs) follows at once.
 */
export function pglitePool(pg: PGlite) {
  numberRequests();
  /** A connection is lent out. */
  let busy = false;
  /** A query has just ended and the promise jobs it resumed are still running: the queries they ask for follow up. */
  let inFollowUps = false;
  /** The next waiter's turn is scheduled. */
  let handing = false;
  const followUps: Array<() => void> = [];
  /** Sorted by order; equal orders in the order they came. */
  const waiting: Waiter[] = [];

  const client = {
    async query(text: string, params: unknown[]) {
      const result = await pg.query<Record<string, unknown>>(text, params);
      const command = /^\s*(insert|update|delete|merge|with)\b/i.exec(text)?.[1]?.toUpperCase();
      return {
        command: command === 'WITH' ? 'UPDATE' : command,
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      };
    },
  };

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

  const scheduleTurn = () => {
    if (busy || handing || waiting.length === 0) return;
    handing = true;
    setImmediate(() => {
      handing = false;
      if (busy) return;
      const next = waiting.shift();
      if (!next) return;
      busy = true;
      next.grant();
    });
  };

  const released = () => {
    busy = false;
    const next = followUps.shift();
    if (next) {
      busy = true;
      next();
    } else if (!inFollowUps) {
      inFollowUps = true;
      // Runs once the promise jobs queued now, and those they queue, have run.
      process.nextTick(() => {
        inFollowUps = false;
        scheduleTurn();
      });
    }
  };

  const lease = () => {
    let returned = false;
    return {
      ...client,
      release: () => {
        if (returned) return;
        returned = true;
        released();
      },
    };
  };

  return {
    connect() {
      return new Promise<ReturnType<typeof lease>>((resolve) => {
        const grant = () => resolve(lease());
        if (!inFollowUps) {
          // Work outside any HTTP request (start-up, timers, tests through inject) counts as arriving now.
          enqueue({ order: requestOrder.getStore() ?? arrivals, grant });
          scheduleTurn();
        } else if (busy) {
          followUps.push(grant);
        } else {
          busy = true;
          grant();
        }
      });
    },
    async end() {
      // Last in line: what was asked for before runs first; the connection is never returned.
      await this.connect();
      await pg.close();
    },
  };
}
