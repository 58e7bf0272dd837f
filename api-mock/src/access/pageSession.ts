import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { contract } from '../../../contract';
import { accessOf, routesOf, type Access } from '../../../contract/access';
import { CommonQuery } from '../../../contract/common';
import { ErrorCode } from '../../../contract/errors';
import type { Database } from '../db/schema';
import { badRequest, Refusal } from '../lib/problem';
import { userNamedBy, xsrfHeaderOf } from '../lib/xsrf';
import { sessionOf } from '../auth/context';

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

/** How each call of the contract relates to the page it comes from, as its access declaration says. */
const PAGE_RULES = new Map(
  routesOf(contract).map(({ route }) => [routeKey(route.method, route.path), accessOf(route)?.page ?? {}]),
);

const userCustomerIdSchema = CommonQuery.shape.userCustomerId;

/** The customer the page shows, or undefined when the call names none; 400 when it names one badly. */
function pageCustomerOf(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.userCustomerId;
  if (raw === undefined) return undefined;
  const parsed = userCustomerIdSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('userCustomerId must be a customer id');
  return parsed.data;
}

/** The page rules of a contract call, or null for calls not compared with a page (other routes, signing in and out). */
const pageRulesOf = (request: FastifyRequest): NonNullable<Access['page']> | null => {
  const route = request.routeOptions.url;
  if (route === undefined) return null;
  const rules = PAGE_RULES.get(routeKey(request.method, route));
  return rules && !rules.signInOrOut ? rules : null;
};

/**
 * 1084 when the call's anti-forgery token names another user than the session's. Runs with the anti-forgery check
 * (onRequest), before it refuses a changing call whose token is not the cookie's with 403.
 */
export async function refuseOtherUser(db: Kysely<Database>, request: FastifyRequest): Promise<void> {
  if (pageRulesOf(request) === null) return;
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
  const rules = pageRulesOf(request);
  if (rules === null) return;
  const pageCustomer = pageCustomerOf(request);
  const session = await sessionOf(db, request);
  if (!session) return; // the route answers 401 (or 30005) itself
  if (pageCustomer !== undefined && pageCustomer !== session.customerId && !rules.acrossCustomers)
    throw new Refusal(ErrorCode.CustomerChanged, 'The customer has changed since this page was loaded');
  if (session.profileIncomplete && !rules.profileCompletion)
    throw new Refusal(ErrorCode.ProfileIncomplete, 'Complete your profile first: choose your location');
}
