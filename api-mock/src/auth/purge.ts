import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { rollBackStaleImports } from '../queries/importBatches';
import { purgeSessions } from './sessions';
import { purgeThrottle } from './throttle';

export const PURGE_INTERVAL_MS = 10 * 60_000;

/** Remove ended sessions and throttle windows; take back imports a stopped server left half saved. */
export async function purgeExpired(db: Kysely<Database>): Promise<void> {
  await purgeSessions(db);
  await purgeThrottle(db);
  await rollBackStaleImports(db);
}

/** Purge once at start and then every PURGE_INTERVAL_MS while the app runs; a failed round waits for the next. */
export function schedulePurge(app: FastifyInstance, db: Kysely<Database>): void {
  const run = () => void purgeExpired(db).catch((err: unknown) => app.log.warn({ err }, 'purge failed'));
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => clearInterval(timer));
}
