import type { FastifyRequest } from 'fastify';
import type { RoleId } from '../../../contract/limits';
import type { SessionRecord } from '../auth/sessions';

/** The signed-in caller as the access check resolved it before the handler ran. */
export interface Actor extends SessionRecord {
  role: RoleId;
  isPEUser: boolean;
  /** "Admin" in the spec's checks: role admin or a PE user (spec 1 section 6). */
  isAdmin: boolean;
  /** The call came under /admin/api (the caller holds PORTAL_ADMIN). */
  adminMode: boolean;
  /**
   * The customer whose records the declared scope reaches: the session's, or null for every customer (a route of
   * scope anyCustomer, or a scope admin mode widens, called in admin mode).
   */
  scopeCustomerId: number | null;
}

const resolved = new WeakMap<FastifyRequest, Actor>();

export const rememberActor = (request: FastifyRequest, actor: Actor) => resolved.set(request, actor);

/** The caller of a route open to anyone, when signed in. */
export const signedInActorOf = (request: FastifyRequest): Actor | null => resolved.get(request) ?? null;

/** The caller of a route its declaration keeps to signed-in users. */
export function actorOf(request: FastifyRequest): Actor {
  const actor = resolved.get(request);
  if (!actor) throw new Error(`${request.method} ${request.url}: no actor (the route is declared open to anyone)`);
  return actor;
}
