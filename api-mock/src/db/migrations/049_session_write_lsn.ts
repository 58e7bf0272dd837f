import type { Kysely } from 'kysely';

/** Where the primary stood after the session's last write: read replicas serve the session once they have replayed it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('write_lsn', 'text').execute();
}
