import { sql, type Kysely } from 'kysely';

/**
 * A session has at most one job of each kind queued or running, whatever number of tabs (hub connections) it opens:
 * one caller cannot fill the queue that every customer's imports wait in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from hub_jobs a using hub_jobs b
    where a.session_id = b.session_id and a.kind = b.kind and a.id > b.id`.execute(db);
  await sql`create unique index if not exists hub_jobs_one_per_session on hub_jobs (session_id, kind)`.execute(db);
}
