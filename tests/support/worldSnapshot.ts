import { readFileSync, writeFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase } from '../../api-mock/src/db/connect';
import { migrateToLatest } from '../../api-mock/src/db/migrate';
import { seedDemoWorld, type DemoWorldSize } from '../../api-mock/src/seed/demoWorld';
import { createDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the seeded test world's PGlite data directory; '' when the run made none. */
    worldSnapshotFile: string;
  }
}

/** The demo world of a test server unless a test asks for another size. */
export const TEST_WORLD_SIZE: DemoWorldSize = { equipment: 200, usersPerCustomer: 3 };

/** The database of PostgreSQL runs that every test file's database is copied from. */
export const TEMPLATE_DATABASE = 'portal_test_world';

/**
 * Migrates and seeds the test world once for a whole run: on PGlite its data directory is written to `file`, on
 * PostgreSQL (`adminUrl`) it becomes the template database. Each test file then starts from a copy in about a
 * second instead of migrating and seeding for five.
 */
export async function makeTestWorld(target: { file: string } | { adminUrl: string }): Promise<void> {
  const databaseUrl =
    'adminUrl' in target ? await createDatabase(target.adminUrl, { name: TEMPLATE_DATABASE }) : undefined;
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateToLatest(database.db as never);
    await seedDemoWorld(database.db, TEST_WORLD_SIZE);
    if ('file' in target) {
      const dump = await database.dumpDataDir!();
      writeFileSync(target.file, Buffer.from(await dump.arrayBuffer()));
    }
  } finally {
    await database.close();
  }
}

let snapshot: { file: string; blob: Blob | null } | undefined;

/** The run's seeded PGlite world, read once per worker; null when the run made none (PostgreSQL, a benchmark). */
export function testWorldSnapshot(): Blob | null {
  const file = inject('worldSnapshotFile');
  if (snapshot === undefined || snapshot.file !== file)
    snapshot = { file, blob: file ? new Blob([readFileSync(file)]) : null };
  return snapshot.blob;
}
