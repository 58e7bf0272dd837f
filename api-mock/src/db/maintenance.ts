import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** How often an embedded (PGlite) database is vacuumed and analysed; VACUUM_INTERVAL_MINUTES overrides it. */
export const DEFAULT_VACUUM_INTERVAL_MS = 60 * 60 * 1000;

/**
 * PGlite runs no autovacuum and keeps no change statistics, so without this a long-lived portal collects dead rows,
 * loses the visibility map its index-only counts rely on, and plans from the statistics of the day it was seeded.
 * Every change appends to `events`: when none was appended since the last run there is nothing to do. Tables are
 * vacuumed one at a time, so other requests take their turn on the single connection between two tables.
 */
export function vacuumWhenChanged(db: Kysely<Database>) {
  let lastEventId: string | null | undefined;
  return async function run(): Promise<boolean> {
    const { latest } = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('latest'))
      .executeTakeFirstOrThrow();
    const eventId = latest === null ? null : String(latest);
    if (eventId === lastEventId) return false;
    const tables = await sql<{ name: string }>`select relname as name from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace order by relname`.execute(db);
    for (const { name } of tables.rows) await sql`vacuum analyze ${sql.id(name)}`.execute(db);
    lastEventId = eventId;
    return true;
  };
}

/** Run `vacuumWhenChanged` every interval until stopped; a run never overlaps the one before. */
export function scheduleVacuum(db: Kysely<Database>, intervalMs: number, onError: (err: unknown) => void) {
  const run = vacuumWhenChanged(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = run()
      .catch(onError)
      .finally(() => {
        if (timer) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, intervalMs).unref();
  return async function stop() {
    clearTimeout(timer);
    timer = undefined;
    await running;
  };
}
