import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import { seedDemoWorld, type DemoWorldSize } from './demoWorld';

/** Any fixed number: the advisory lock that lets one starting process seed while the others wait. */
const SEED_LOCK = 20260101;

/**
 * Seed the demo world on an empty database. Several processes starting at once on one PostgreSQL take turns under
 * an advisory lock, so the first seeds and the others find the world there.
 */
export async function seedDemoWorldOnce(database: DatabaseHandle, size: DemoWorldSize): Promise<boolean> {
  if (database.kind === 'pglite') return seedDemoWorld(database.db, size);
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection);
    try {
      // A server of its own: index builds of a big world may use a gigabyte each (PGlite keeps the default).
      return await seedDemoWorld(connection, size, { maintenanceWorkMem: '1GB' });
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
    }
  });
}
