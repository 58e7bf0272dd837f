import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ListCount } from '../../../contract/listQuery';
import { EXACT_COUNT_MAX } from '../../../contract/limits';
import { cappedCount } from './paging';

/** How long a count call may count before it answers a lower bound (spec: 2 s). Chosen: issue 36. */
export const COUNT_BOUND_MS = 2_000;
/** How long a count is served again for the same customer, list version and query. Chosen: issue 36. */
export const COUNT_CACHE_MS = 60_000;
/** At most this many counts are kept; the least recently used goes first (a caller may vary its query endlessly). */
export const COUNT_CACHE_MAX_ENTRIES = 2_000;

/** Each step counts this many times further than the last, so a step costs a few times what came before. */
const STEP_GROWTH = 4;

const isStatementTimeout = (err: unknown) => (err as { code?: unknown } | null)?.code === '57014';

/**
 * The number of rows of `filtered`, counted in steps of growing caps (`firstCap`, then 4 times as far each step)
 * until a step finds the end or `boundMs` has passed: then the last cap passed is a lower bound, `exact` false.
 * The first step always runs (it is the list's own capped count). Between steps, a step predicted to end after the
 * deadline is not begun, which bounds the count on PGlite too (it has no statement timer); on PostgreSQL each later
 * step also runs under SET LOCAL statement_timeout of the time left, so a single long step is cut off at the deadline.
 */
export async function boundedCount<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  filtered: SelectQueryBuilder<DB, TB, object>,
  options: { firstCap: number; boundMs: number; statementTimeout: boolean },
): Promise<ListCount> {
  const deadline = Date.now() + options.boundMs;
  let cap = options.firstCap;
  let stepStarted = Date.now();
  let counted = await cappedCount(db, filtered, cap);
  while (counted > cap) {
    const lastStepMs = Date.now() - stepStarted;
    const left = deadline - Date.now();
    // A step reads up to STEP_GROWTH times the rows of the last: one that would not end in time is not begun, so the
    // count stays within its bound where no statement timer can stop it (PGlite, which serves everyone in turn).
    if (left <= 0 || lastStepMs * STEP_GROWTH > left) return { count: cap, exact: false };
    const next = cap * STEP_GROWTH;
    stepStarted = Date.now();
    try {
      counted = options.statementTimeout
        ? await db.transaction().execute(async (trx) => {
            await sql`select set_config('statement_timeout', ${String(Math.max(1, left))}, true)`.execute(trx);
            return cappedCount(trx, filtered, next);
          })
        : await cappedCount(db, filtered, next);
    } catch (err) {
      if (isStatementTimeout(err)) return { count: cap, exact: false };
      throw err;
    }
    cap = next;
  }
  return { count: counted, exact: true };
}

/** Counts kept for COUNT_CACHE_MS, at most COUNT_CACHE_MAX_ENTRIES of them, by a key naming what was counted. */
export class CountCache {
  private readonly entries: LRUCache<string, ListCount>;

  constructor(ttlMs = COUNT_CACHE_MS, maxEntries = COUNT_CACHE_MAX_ENTRIES) {
    // Date's clock, to the millisecond: the one the tests' fake timers move.
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: Date });
  }

  get(key: string): ListCount | undefined {
    return this.entries.get(key);
  }

  set(key: string, count: ListCount): void {
    this.entries.set(key, count);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** What a list's count call needs: the list's cap to start from, the time bound, the timer and the cache. */
export interface CountOptions {
  firstCap: number;
  boundMs: number;
  statementTimeout: boolean;
  cache: CountCache;
}

/** A count call's options from the server's settings, with the route's own cache. */
export const countOptionsOf = (
  config: { exactCountMax?: number; countBoundMs?: number; singleProcessDatabase?: boolean },
  cache: CountCache,
): CountOptions => ({
  firstCap: config.exactCountMax ?? EXACT_COUNT_MAX,
  boundMs: config.countBoundMs ?? COUNT_BOUND_MS,
  statementTimeout: !config.singleProcessDatabase,
  cache,
});

/** A list query's filters and keyword as a cache key: the same filters in any order, the keyword as searched. */
export const countQueryKey = (body: {
  filterSettings: readonly unknown[];
  fullTextSearchSetting?: { keyword?: string | null } | null;
}) => [
  body.filterSettings.map((f) => JSON.stringify(f)).sort(),
  body.fullTextSearchSetting?.keyword?.trim().toLowerCase() ?? '',
];

/**
 * The count of `filtered` kept under `key` (who may see which rows, the list's version, the query): served from the
 * cache while it lasts, else counted within the bound and kept.
 */
export async function cachedBoundedCount<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  key: readonly unknown[],
  filtered: SelectQueryBuilder<DB, TB, object>,
  options: CountOptions,
): Promise<ListCount> {
  const name = JSON.stringify(key);
  const cached = options.cache.get(name);
  if (cached) return cached;
  const counted = await boundedCount(db, filtered, options);
  options.cache.set(name, counted);
  return counted;
}
