import type { Kysely } from 'kysely';
import { LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '../../../contract/limits';
import type { Database } from '../db/schema';

/** Seconds the account must wait before another sign-in attempt, or 0. */
export async function lockedForSeconds(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!row?.locked_until) return 0;
  const ms = new Date(row.locked_until).getTime() - Date.now();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** Count a failed attempt in the current window; the limit-th failure locks the account for a while. */
export async function recordFailure(db: Kysely<Database>, email: string): Promise<void> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - LOGIN_LOCK_SECONDS * 1000);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst();
    const inWindow = row && new Date(row.window_started_at) > windowStart;
    const failures = inWindow ? row.failures + 1 : 1;
    const locked_until = failures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000) : null;
    await trx
      .insertInto('login_throttle')
      .values({ email, failures, window_started_at: inWindow ? row.window_started_at : now, locked_until })
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          failures,
          window_started_at: inWindow ? row.window_started_at : now,
          locked_until,
        }),
      )
      .execute();
  });
}

export async function clearFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('email', '=', email).execute();
}
