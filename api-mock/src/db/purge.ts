import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { IMPORT_STALE_MS, rollBackStaleImports } from '../equipment/importBatches.queries';
import type { FileStorage } from '../storage/fileStorage';
import { purgeOrphanFiles } from '../storage/registry';
import { purgeSessions } from '../auth/sessions';
import { purgeThrottle } from '../auth/throttle';
import { purgeRateLimitCounts } from '../auth/rateLimitStore';
import { purgeHubJobs } from '../realtime/hubJob';

export const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Remove ended sessions and throttle windows and the uploads no record took; take back imports a stopped server
 * left half saved.
 */
export async function purgeExpired(
  db: Kysely<Database>,
  storage: FileStorage,
  importStaleMs: number = IMPORT_STALE_MS,
): Promise<void> {
  await purgeSessions(db);
  await purgeThrottle(db);
  await purgeRateLimitCounts(db);
  await purgeHubJobs(db);
  await rollBackStaleImports(db, importStaleMs);
  await purgeOrphanFiles(db, storage);
}

/**
 * Purge once before the server answers, then every PURGE_INTERVAL_MS while it runs; a failed round waits for the
 * next. `singleProcess`: the first round takes back every unfinished import (see AppConfig.singleProcessDatabase).
 */
export function schedulePurge(
  app: FastifyInstance,
  db: Kysely<Database>,
  storage: FileStorage,
  singleProcess = false,
): void {
  const run = (importStaleMs?: number) =>
    purgeExpired(db, storage, importStaleMs).catch((err: unknown) => app.log.warn({ err }, 'purge failed'));
  const timer = setInterval(() => void run(), PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => run(singleProcess ? 0 : undefined));
  app.addHook('onClose', async () => clearInterval(timer));
}
