import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** One window's count in rate_limit_counts: a new window when the last has ended, else one more hit. */
export async function countHit(db: Kysely<Database>, key: string, windowMs: number): Promise<Counted> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_counts (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when rate_limit_counts.window_ends_at > now() then rate_limit_counts.hits + 1 else 1 end,
      window_ends_at = case when rate_limit_counts.window_ends_at > now() then rate_limit_counts.window_ends_at
        else excluded.window_ends_at end
    returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl`.execute(db);
  const row = rows[0]!;
  return { current: row.hits, ttl: Math.max(0, row.ttl) };
}

/** Ended windows hold nothing: their rows go. */
export async function purgeRateLimitCounts(db: Kysely<Database>): Promise<void> {
  await sql`delete from rate_limit_counts where window_ends_at < now()`.execute(db);
}

/**
 * A store for @fastify/rate-limit that counts in the database, so every server process on one PostgreSQL shares a
 * caller's windows. A route with limits of its own counts under its method and path.
 */
export function databaseRateLimitStore(db: Kysely<Database>) {
  class DatabaseStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, done: Done, timeWindow: number) {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (counted) => done(null, counted),
        (error: Error) => done(error),
      );
    }

    child(params: RouteParams) {
      const { method, url } = params.routeInfo ?? {};
      return new DatabaseStore(`${[method].flat().join(',')} ${url ?? ''}|`);
    }
  }
  return DatabaseStore;
}
