import { isAppRoute, type AppRouter } from '@ts-rest/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { accessFor, accessOf, decide, hasRole, needs, readsOnlyRoute, type Access } from '../../../contract/access';
import { isAdminApiPath } from '../auth/adminMode';
import { sessionOf, requireSession } from '../auth/context';
import type { Database } from '../db/schema';
import type { ReadReplicas } from '../db/readReplicas';
import { onReplicas } from './replicaReads';
import { forbidden, unauthorized } from '../lib/problem';
import { rememberActor, type Actor } from './actor';
import { callerFactsOf, factsOf } from './facts';

const WIDENED = new Set(['customerUsers', 'ownOrCustomerUsers']);
/** What admin mode asks of every path before anything else: a signed-in holder of PORTAL_ADMIN (see decide). */
const ADMIN_MODE: Access = { caller: 'signedIn', scope: 'none' };

async function actorFor(db: Kysely<Database>, request: FastifyRequest, access: Access): Promise<Actor | null> {
  const session = access.caller === 'anyone' ? await sessionOf(db, request) : await requireSession(db, request);
  if (!session) return null;
  // Read with the session, whose lookup already required the user to be active.
  const user = { role: session.role, isPEUser: session.isPEUser };
  const adminMode = isAdminApiPath(request.originalUrl);
  const everyCustomer =
    access.scope === 'anyCustomer' ||
    (access.scope === 'customerOrAnyForStaff' && user.isPEUser) ||
    (adminMode && WIDENED.has(access.scope));
  return {
    ...session,
    ...user,
    isAdmin: hasRole(user, 'admin'),
    adminMode,
    scopeCustomerId: everyCustomer ? null : session.customerId,
  };
}

/**
 * Decides a call by an access declaration and remembers the caller for the handler (actorOf): contract routes through
 * `guarded`, the server's other routes and the hub's jobs by a declaration of their own.
 */
export async function enforce(db: Kysely<Database>, declared: Access, args: HandlerArgs): Promise<Actor | null> {
  const access = accessFor(declared, args);
  const { request } = args;
  const actor = await actorFor(db, request, access);
  if (actor) rememberActor(request, actor);
  const adminMode = isAdminApiPath(request.originalUrl);
  const decision = decide(access, actor && (await factsOf(db, actor, needs(access, adminMode))), adminMode);
  if (!decision.allowed) throw decision.status === 401 ? unauthorized() : forbidden(decision.reason);
  return actor;
}

/**
 * For a caller already let in by its route, the further access a record rule asks for (reading another user is a
 * user manager's): the same decision, 403 when refused.
 */
export async function requireAccess(db: Kysely<Database>, actor: Actor, access: Access, what: string): Promise<void> {
  const decision = decide(access, await factsOf(db, actor, needs(access, actor.adminMode)), actor.adminMode);
  if (!decision.allowed) throw forbidden(`${what}: ${decision.reason}`);
}

export interface HandlerArgs {
  request: FastifyRequest;
  body?: unknown;
  query?: unknown;
}
type Handler = (args: HandlerArgs) => unknown;

/**
 * The implementation with every handler behind its route's declared access, checked after ts-rest has read the
 * request against the schema and before the handler runs. With read replicas, a handler that only reads may be
 * answered from one (onReplicas).
 */
export function guarded(db: Kysely<Database>, router: AppRouter, impl: unknown, replicas?: ReadReplicas): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(impl as Record<string, unknown>)) {
    const route = router[key];
    if (!route || !isAppRoute(route)) throw new Error(`${key} is not a route of this contract`);
    const access = accessOf(route);
    if (!access) throw new Error(`${route.method} ${route.path} declares no access (contract/access.ts)`);
    const wrap =
      (handler: Handler): Handler =>
      async (args) => {
        await enforce(db, access, args);
        if (!replicas) return handler(args);
        return onReplicas(db, args.request, readsOnlyRoute(route), () => handler(args));
      };
    out[key] =
      typeof entry === 'function'
        ? wrap(entry as Handler)
        : { ...(entry as object), handler: wrap((entry as { handler: Handler }).handler) };
  }
  return out;
}

/**
 * Admin mode (the API under /admin/api) is for holders of the admin access code, on every path, before anything
 * else is read.
 */
export function registerAdminMode(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onRequest', async (request) => {
    if (!isAdminApiPath(request.originalUrl)) return;
    const session = await sessionOf(db, request);
    const decision = decide(ADMIN_MODE, session && (await callerFactsOf(db, session, ADMIN_MODE, true)), true);
    if (!decision.allowed) throw decision.status === 401 ? unauthorized() : forbidden(decision.reason);
  });
}
