import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES, type RoleId } from '../../../contract/limits';
import type { Database } from '../db/schema';

const sessionId = (token: string) => createHash('sha256').update(token).digest('hex');

const expiry = () => new Date(Date.now() + SESSION_IDLE_MINUTES * 60_000);

/** Create a session and return the token for the cookie; only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: number, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id: sessionId(token), user_id: userId, customer_id: customerId, expires_at: expiry() })
    .execute();
  return token;
}

export interface SessionRecord {
  id: string;
  userId: number;
  customerId: number;
  /** The user has no location yet: the profile completion comes first (16006 elsewhere). */
  profileIncomplete: boolean;
  /** The user's role and provider status, read with the session (the access check needs them on every call). */
  role: RoleId;
  isPEUser: boolean;
  /** The primary's position after this session's last write, when read replicas are in use (readRouting.ts). */
  writeLsn: string | null;
}

/** Signed in within the absolute lifetime. */
const withinLifetime = () => sql<boolean>`created_at > now() - make_interval(hours => ${SESSION_ABSOLUTE_HOURS})`;

/**
 * A session's idle expiry slides at most once in this many seconds: a busy session would otherwise write its row on
 * every call (under load the one statement per call that writes). So a session ends between SESSION_IDLE_MINUTES
 * minus this and SESSION_IDLE_MINUTES after its last call.
 */
export const SESSION_TOUCH_SECONDS = 60;

/**
 * The live session of a token, sliding its idle expiry; null when unknown, idle too long, older than its absolute
 * lifetime, or the user is inactive.
 */
export async function findSession(db: Kysely<Database>, token: string | undefined): Promise<SessionRecord | null> {
  return token ? findSessionById(db, sessionId(token)) : null;
}

/** findSession by the stored id (the token's hash), for work that runs away from the request, like a hub job. */
export async function findSessionById(db: Kysely<Database>, id: string): Promise<SessionRecord | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.customer_id',
      'sessions.write_lsn',
      'users.role',
      'users.is_pe_user',
      sql<boolean>`users.location_id is null`.as('profile_incomplete'),
      sql<boolean>`sessions.last_seen_at < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS})`.as('stale'),
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where(sql<boolean>`sessions.created_at > now() - make_interval(hours => ${SESSION_ABSOLUTE_HOURS})`)
    .where('users.is_active', '=', true)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()`, expires_at: expiry() })
      .where('id', '=', id)
      .execute();
  }
  return {
    id: row.id,
    userId: row.user_id,
    customerId: row.customer_id,
    profileIncomplete: row.profile_incomplete,
    role: row.role as RoleId,
    isPEUser: row.is_pe_user,
    writeLsn: row.write_lsn,
  };
}

/**
 * Whether a token's session belongs to a user who has since been removed: every call of that browser is told the
 * account is gone (30005), whichever call comes first (a background one included), until the browser signs out or
 * the session's idle end purges it. The session itself no longer signs anything in (findSession).
 */
export async function isRemovedUserSession(db: Kysely<Database>, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const found = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId(token))
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('users.deleted_at', 'is not', null)
    .executeTakeFirst();
  return found !== undefined;
}

/** A sign-in: the user has now signed in at least once (activated) and this is their latest sign-in time. */
export async function recordSignIn(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ status_code: 1, current_login_time: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId(token)).execute();
}

/** Ends every session of the user (a sign-up: whoever held one before does not stay signed in). */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Sessions past their idle or absolute end hold nothing: their rows go. */
export async function purgeSessions(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now()`), eb.not(withinLifetime())]))
    .execute();
}
