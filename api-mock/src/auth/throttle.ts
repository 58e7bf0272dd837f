import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_BACKOFF_BASE_SECONDS,
  LOGIN_BACKOFF_MAX_SECONDS,
  LOGIN_FAILURE_MEMORY_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
} from '../../../contract/limits';
import type { Database } from '../db/schema';
import { HttpProblem } from '../lib/problem';
import { trustedDeviceOf } from './deviceCookie';

/**
 * Password attempts are counted in buckets, each with some free attempts and then a lock that doubles with each
 * further failure (OWASP's device cookies, auth/deviceCookie.ts):
 * - from a browser with a device cookie for the account: per device cookie, and nothing else;
 * - from any other client: per account and client address (a guesser locks only itself out of that account; the
 *   owner elsewhere, or with a device cookie, signs in), and per client address over all accounts (a sprayer).
 * request.ip is the client's address: the socket's, or the one a trusted proxy forwards (TRUST_PROXY).
 * An attempt is counted before its password is checked, in one statement that refuses it while the bucket is
 * locked, so a parallel burst gets no more guesses than a serial one; a right password takes its count back.
 */
interface Policy {
  free: number;
  baseSeconds: number;
  memorySeconds: number;
}

const ADDRESS: Policy = {
  free: LOGIN_ADDRESS_MAX_FAILURES,
  baseSeconds: LOGIN_LOCK_SECONDS,
  memorySeconds: LOGIN_LOCK_SECONDS,
};
const GUESSES: Policy = {
  free: LOGIN_MAX_FAILURES,
  baseSeconds: LOGIN_BACKOFF_BASE_SECONDS,
  memorySeconds: LOGIN_FAILURE_MEMORY_SECONDS,
};
/** Doublings past which the lock stays at LOGIN_BACKOFF_MAX_SECONDS (and power() cannot overflow). */
const MAX_DOUBLINGS = 20;

/** Keys of a fixed length, whatever a forwarded address holds. */
const bucketKey = (kind: string, ...parts: string[]) =>
  `${kind}:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
export const addressBucket = (ip: string) => bucketKey('addr', ip);
export const accountBucket = (email: string, ip: string) => bucketKey('acct', email.toLowerCase(), ip);
export const deviceBucket = (nonce: string) => bucketKey('device', nonce);

interface Bucket {
  key: string;
  policy: Policy;
}

export interface PasswordAttempt {
  buckets: Bucket[];
}

/** The lock after `failures` counted failures: none within the free attempts, then doubling up to the maximum. */
const lockAfter = (failures: RawBuilder<unknown>, p: Policy) => sql`CASE WHEN ${failures} >= ${p.free}
  THEN now() + make_interval(secs => least(${p.baseSeconds} * power(2, least(${failures} - ${p.free}, ${MAX_DOUBLINGS})),
    ${LOGIN_BACKOFF_MAX_SECONDS}))
  END`;

/** Count an attempt in the bucket; false (counting nothing) while it is locked. */
async function take(db: Kysely<Database>, { key, policy }: Bucket): Promise<boolean> {
  const counted = sql`CASE WHEN t.forget_at <= now() THEN 1 ELSE t.failures + 1 END`;
  const memory = sql`now() + make_interval(secs => ${policy.memorySeconds})`;
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO sign_in_throttle AS t (bucket, failures, locked_until, forget_at)
    VALUES (${key}, 1, ${lockAfter(sql`1`, policy)}, greatest(${memory}, ${lockAfter(sql`1`, policy)}))
    ON CONFLICT (bucket) DO UPDATE SET
      failures = ${counted},
      locked_until = ${lockAfter(counted, policy)},
      forget_at = greatest(${memory}, ${lockAfter(counted, policy)})
    WHERE t.locked_until IS NULL OR t.locked_until <= now()
    RETURNING failures`.execute(db);
  return rows.length > 0;
}

/** Seconds until the last of these buckets' locks ends; 0 when none is locked. */
async function lockedFor(db: Kysely<Database>, buckets: Bucket[]): Promise<number> {
  const row = await db
    .selectFrom('sign_in_throttle')
    .select(sql<number | null>`ceil(extract(epoch FROM max(locked_until) - now()))::int`.as('wait'))
    .where(
      'bucket',
      'in',
      buckets.map((b) => b.key),
    )
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.wait ?? 0;
}

const tooMany = (wait: number) =>
  new HttpProblem(429, 'Too many failed attempts; try again later', { 'Retry-After': String(Math.max(1, wait)) });

/**
 * Count a password attempt for the account (`userId` null when no such user) in the buckets that apply to this
 * client; a 429 with Retry-After, counting nothing, while any of them is locked.
 */
export async function countPasswordAttempt(
  db: Kysely<Database>,
  request: FastifyRequest,
  account: { email: string; userId: number | null },
): Promise<PasswordAttempt> {
  const device = account.userId === null ? null : trustedDeviceOf(request, account.userId);
  const buckets: Bucket[] = device
    ? [{ key: deviceBucket(device), policy: GUESSES }]
    : [
        { key: accountBucket(account.email, request.ip), policy: GUESSES },
        { key: addressBucket(request.ip), policy: ADDRESS },
      ];
  const wait = await lockedFor(db, buckets);
  if (wait > 0) throw tooMany(wait);
  for (const bucket of buckets) {
    if (!(await take(db, bucket))) throw tooMany(await lockedFor(db, buckets));
  }
  return { buckets };
}

/**
 * The password was right: the account's guesses from here start afresh, and the address takes back this attempt
 * and any lock it set (a bucket that was locked refused the attempt).
 */
export async function passwordAccepted(db: Kysely<Database>, attempt: PasswordAttempt): Promise<void> {
  for (const { key, policy } of attempt.buckets) {
    if (policy !== ADDRESS) {
      await db.deleteFrom('sign_in_throttle').where('bucket', '=', key).execute();
    } else {
      await db
        .updateTable('sign_in_throttle')
        .set({
          failures: sql`greatest(failures - 1, 0)`,
          locked_until: null,
        })
        .where('bucket', '=', key)
        .execute();
    }
  }
}

/** Buckets past their memory (and their lock) hold nothing: their rows go. */
export async function purgeThrottle(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('sign_in_throttle')
    .where('forget_at', '<', sql<Date>`now()`)
    .execute();
}
