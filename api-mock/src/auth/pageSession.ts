import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { contract } from '../../../contract';
import { CommonQuery } from '../../../contract/common';
import { ErrorCode } from '../../../contract/errors';
import type { Database } from '../db/schema';
import { badRequest, Refusal } from '../lib/problem';
import { userNamedBy, xsrfHeaderOf } from '../lib/xsrf';
import { sessionOf } from './context';

/**
 * Whether the page a call comes from still shows the session it is sent with (spec 1 sections 7 and 8). A tab keeps
 * what it loaded while another tab of the same browser may switch the customer or sign in someone else; such a tab
 * is told so instead of being served, and nothing changes:
 * - 1084 when the page's anti-forgery token names another user than the session's (see lib/xsrf.ts: the page keeps
 *   the token of its own user, so the page's user travels without a parameter of its own);
 * - 1041 when the page's `userCustomerId` is not the session's customer. A call without it (a tool, curl, a test's
 *   own client, the app before it knows its user) is not compared: the parameter is the page's claim, not a right,
 *   and every route still keeps to the session's customer;
 * - 16006 when the user has no location yet and calls anything the profile completion does not need.
 * Runs on the matched route before any handler (the hooks in app.ts).
 */

const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path.toLowerCase()}`;

function keysOf(router: AppRouter, into = new Set<string>()): Set<string> {
  for (const route of Object.values(router)) {
    if (isAppRoute(route)) into.add(routeKey(route.method, route.path));
    else keysOf(route, into);
  }
  return into;
}
const keys = (routes: AppRoute[]) => new Set(routes.map((r) => routeKey(r.method, r.path)));

/** Every call of the contract; other routes (files, the hub, docs, dev pages, the app's files) are not a page's. */
const CONTRACT_ROUTES = keysOf(contract);

/** Signing in and out, before or after any page knew a user: never compared. */
const SIGN_IN_AND_OUT = keys([
  contract.account.login,
  contract.account.logout,
  contract.account.checkInvitation,
  contract.account.acceptInvitation,
]);

/** The switch itself: a tab may pick another customer whatever customer it showed; the page reloads after it. */
const ACROSS_CUSTOMERS = keys([contract.customers.switchCustomer]);

/** What a user without a location may call: the profile completion page, the shell's own calls, and contact us. */
const PROFILE_COMPLETION = keys([
  contract.users.me,
  contract.users.completeProfile,
  contract.location.summary,
  contract.location.get,
  contract.configuration.systemConfig,
  contract.configuration.optionSettings,
  contract.accountManagement.changePassword,
  contract.usage.record,
  // A user who cannot complete the profile (no site of the customer is theirs) still reaches the provider.
  contract.feedback.contactUs,
]);

const userCustomerIdSchema = CommonQuery.shape.userCustomerId;

/** The customer the page shows, or undefined when the call names none; 400 when it names one badly. */
function pageCustomerOf(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.userCustomerId;
  if (raw === undefined) return undefined;
  const parsed = userCustomerIdSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('userCustomerId must be a customer id');
  return parsed.data;
}

const pageRouteKey = (request: FastifyRequest): string | null => {
  const route = request.routeOptions.url;
  if (route === undefined) return null;
  const key = routeKey(request.method, route);
  return CONTRACT_ROUTES.has(key) && !SIGN_IN_AND_OUT.has(key) ? key : null;
};

/**
 * 1084 when the call's anti-forgery token names another user than the session's. Runs with the anti-forgery check
 * (onRequest), before it refuses a changing call whose token is not the cookie's with 403.
 */
export async function refuseOtherUser(db: Kysely<Database>, request: FastifyRequest): Promise<void> {
  if (pageRouteKey(request) === null) return;
  const pageUser = userNamedBy(request, xsrfHeaderOf(request));
  if (!pageUser) return;
  const session = await sessionOf(db, request);
  if (session && pageUser !== session.userId)
    throw new Refusal(ErrorCode.LoggedInUserChanged, 'Another user has signed in since this page was loaded');
}

/**
 * 400, 1041 or 16006 (see above). Runs once the body is read (preValidation): an oversized body is refused with 413
 * first, and a call without a valid anti-forgery token has been refused with 403.
 */
export async function checkPageSession(db: Kysely<Database>, request: FastifyRequest): Promise<void> {
  const key = pageRouteKey(request);
  if (key === null) return;
  const pageCustomer = pageCustomerOf(request);
  const session = await sessionOf(db, request);
  if (!session) return; // the route answers 401 (or 30005) itself
  if (pageCustomer !== undefined && pageCustomer !== session.customerId && !ACROSS_CUSTOMERS.has(key))
    throw new Refusal(ErrorCode.CustomerChanged, 'The customer has changed since this page was loaded');
  if (session.profileIncomplete && !PROFILE_COMPLETION.has(key))
    throw new Refusal(ErrorCode.ProfileIncomplete, 'Complete your profile first: choose your location');
}
