import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { sessionOf } from '../auth/context';
import { parseLsn, withReadContext } from '../db/readContext';
import type { Database } from '../db/schema';

/**
 * Runs a handler with read replicas in use: one that only reads may be answered by a replica that has replayed the
 * session's last write; after one that wrote, the primary's position is kept with the session, so its next reads
 * see that write wherever they are answered (from the primary until a replica has caught up).
 */
export async function onReplicas<T>(
  db: Kysely<Database>,
  request: FastifyRequest,
  readsOnly: boolean,
  handler: () => T | Promise<T>,
): Promise<T> {
  const session = await sessionOf(db, request);
  const [result, ctx] = withReadContext({ replica: readsOnly, minLsn: parseLsn(session?.writeLsn) }, async () =>
    handler(),
  );
  try {
    return await result;
  } finally {
    if (ctx.wrote && session) {
      await sql`update sessions set write_lsn = pg_current_wal_lsn()::text where id = ${session.id}`.execute(db);
    }
  }
}
