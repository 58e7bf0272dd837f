import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { LOGIN_ADDRESS_MAX_FAILURES, LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';

/**
 * Password guesses are counted per account and per client address, in windows of LOGIN_LOCK_SECONDS. An attempt
 * is counted before its password is checked, in one atomic statement, so a parallel burst gets no more guesses
 * than a serial one. A window's lock lifts when the window ends; the address limit stops one caller spraying many
 * accounts. Both kinds of key share the table: an address key has no @, an e-mail address always has one.
 */
const accountKey = (email: string) => email.toLowerCase();
const addressKey = (request: FastifyRequest) => `addr:${request.ip}`;

interface Counted {
  attempts: number;
  retryAfterSeconds: number;
}

async function countAttempt(db: Kysely<Database>, key: string): Promise<Counted> {
  const { rows } = await sql<{ failures: number; wait: number }>`
    INSERT INTO login_throttle (email, failures, window_started_at) VALUES (${key}, 1, now())
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN login_throttle.window_started_at > now() - make_interval(secs => ${LOGIN_LOCK_SECONDS})
        THEN login_throttle.failures + 1 ELSE 1 END,
      window_started_at = CASE WHEN login_throttle.window_started_at > now() - make_interval(secs => ${LOGIN_LOCK_SECONDS})
        THEN login_throttle.window_started_at ELSE now() END
    RETURNING failures,
      ceil(extract(epoch FROM window_started_at + make_interval(secs => ${LOGIN_LOCK_SECONDS}) - now()))::int AS wait`.execute(
    db,
  );
  const row = rows[0]!;
  return { attempts: row.failures, retryAfterSeconds: Math.max(1, row.wait) };
}

/** Count a password attempt for the account and the caller's address; a 429 once either is past its limit. */
export async function countPasswordAttempt(db: Kysely<Database>, request: FastifyRequest, email: string) {
  const account = await countAttempt(db, accountKey(email));
  const address = await countAttempt(db, addressKey(request));
  const over = [
    account.attempts > LOGIN_MAX_FAILURES ? account : null,
    address.attempts > LOGIN_ADDRESS_MAX_FAILURES ? address : null,
  ].filter((c): c is Counted => c !== null);
  if (over.length > 0) {
    const wait = Math.max(...over.map((c) => c.retryAfterSeconds));
    throw new HttpProblem(429, 'Too many failed attempts; try again later', { 'Retry-After': String(wait) });
  }
}

/** The password was right: the account starts afresh, and the attempt no longer counts against the address. */
export async function passwordAccepted(db: Kysely<Database>, request: FastifyRequest, email: string) {
  await db.deleteFrom('login_throttle').where('email', '=', accountKey(email)).execute();
  await db
    .updateTable('login_throttle')
    .set({ failures: sql`greatest(failures - 1, 0)` })
    .where('email', '=', addressKey(request))
    .execute();
}

/** Windows that have ended hold nothing: their rows go. */
export async function purgeThrottle(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('window_started_at', '<', sql<Date>`now() - make_interval(secs => ${LOGIN_LOCK_SECONDS})`)
    .execute();
}
