import { sql, type Kysely, type Transaction } from 'kysely';
import { MessageKey } from '../../../contract/errors';
import { MAIL_QUOTA_PER_HOUR, MAIL_QUOTA_WINDOW_SECONDS } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';

/** Any fixed number: the advisory lock class of the mail quota; the user id is the lock's second key. */
const MAIL_QUOTA_LOCK = 47_001;

/** The recipient addresses of an outbox row (stored joined with semicolons). */
const recipientsOf = sql<number>`coalesce(array_length(string_to_array(to_addresses, ';'), 1), 0)`;

/** Recipient addresses of the mails `userId` caused since `since` (the database's clock). */
export async function countMailsCausedSince(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(sql<string>`coalesce(sum(${recipientsOf}), 0)`.as('n'))
    .where('caused_by', '=', userId)
    .where(sql<boolean>`created_at > ${since}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes `count` mails of `userId`'s hourly quota, in the transaction that queues them, or refuses with 429 and
 * Retry-After (the seconds until enough of the counted mails leave the window). The lock per user makes two
 * concurrent calls, of any process, count one after the other; the transaction's rollback queues nothing.
 */
export async function takeMailQuota(trx: Transaction<Database>, userId: number, count: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${MAIL_QUOTA_LOCK}, ${userId})`.execute(trx);
  const { rows } = await sql<{ n: number; left: string }>`
    select ${recipientsOf} as n,
      extract(epoch from created_at + ${MAIL_QUOTA_WINDOW_SECONDS} * interval '1 second' - now()) as "left"
    from mail_outbox
    where caused_by = ${userId} and created_at > now() - ${MAIL_QUOTA_WINDOW_SECONDS} * interval '1 second'
    order by created_at, id`.execute(trx);
  const used = rows.reduce((sum, r) => sum + Number(r.n), 0);
  if (used + count <= MAIL_QUOTA_PER_HOUR) return;
  let freed = 0;
  let wait = MAIL_QUOTA_WINDOW_SECONDS;
  for (const row of rows) {
    freed += Number(row.n);
    if (used - freed + count <= MAIL_QUOTA_PER_HOUR) {
      wait = Math.max(1, Math.ceil(Number(row.left)));
      break;
    }
  }
  throw new HttpProblem(429, MessageKey.mailQuota, { 'Retry-After': String(wait) });
}
