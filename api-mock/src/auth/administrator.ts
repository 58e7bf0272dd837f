import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccessCode } from '../../../contract/permissions';
import type { Database } from '../db/schema';
import { forbidden } from '../lib/problem';
import { requireActor, type Actor } from './actor';
import { holdsAccessCode } from './privileges';

/**
 * Administration (spec 1 section 2, spec 3 section 2) is provider staff's: the admin access code for products
 * management, customer onboarding, user management and the product catalogue, a different code for e-mail routing.
 * The server checks what the menu hides, in normal and admin mode alike.
 */
export async function mayAdminister(db: Kysely<Database>, userId: number, code: AccessCode): Promise<boolean> {
  const user = await db.selectFrom('users').select('is_pe_user').where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.is_pe_user) && (await holdsAccessCode(db, userId, code));
}

/** The same check for a caller already known: 403 for anyone but provider staff holding the code. */
export async function requireAdministratorActor(db: Kysely<Database>, actor: Actor, code: AccessCode): Promise<void> {
  if (!actor.isPEUser) throw forbidden('Only provider staff may do this');
  if (!(await holdsAccessCode(db, actor.userId, code))) throw forbidden(`This needs the ${code} access code`);
}

/** The signed-in caller, when provider staff holding the code; else 401 or 403. */
export async function requireAdministrator(
  db: Kysely<Database>,
  request: FastifyRequest,
  code: AccessCode,
): Promise<Actor> {
  const actor = await requireActor(db, request);
  await requireAdministratorActor(db, actor, code);
  return actor;
}
