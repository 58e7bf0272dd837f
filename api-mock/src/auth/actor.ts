import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLE } from '../../../contract/limits';
import type { Database } from '../db/schema';
import { forbidden, unauthorized } from '../lib/problem';
import { requireSession } from './context';
import type { SessionRecord } from './sessions';

/** The caller: the session plus what permission checks need. */
export interface Actor extends SessionRecord {
  role: number;
  isPEUser: boolean;
  /** "Admin" in the spec's checks: role admin or a PE user (spec 1 section 6). */
  isAdmin: boolean;
}

/** The signed-in caller with role and provider status, or a 401 answer. */
export async function requireActor(db: Kysely<Database>, request: FastifyRequest): Promise<Actor> {
  const session = await requireSession(db, request);
  const user = await db
    .selectFrom('users')
    .select(['role', 'is_pe_user'])
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  return {
    ...session,
    role: user.role,
    isPEUser: user.is_pe_user,
    isAdmin: user.role === ROLE.Admin || user.is_pe_user,
  };
}

/** The caller if it is provider staff (PE user), else a 403 answer. */
export async function requirePEUser(db: Kysely<Database>, request: FastifyRequest): Promise<Actor> {
  const actor = await requireActor(db, request);
  if (!actor.isPEUser) throw forbidden('Only provider staff may do this');
  return actor;
}
