import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { ROLE, type RoleId } from './limits';
import { AccessCode } from './permissions';

/** Features of a user's privilege list (spec 1 section 6): a feature counts when the user and the customer have it. */
export const FEATURES = ['Reservation', 'ARC', 'Other', 'Equipment'] as const;
export type Feature = (typeof FEATURES)[number];
/** Function codes within a feature (spec 1 section 6). */
export const FUNCTION_CODES = ['AllowEHSSetting', 'IsEHSAdmin', 'Edit'] as const;
export type FunctionCode = (typeof FUNCTION_CODES)[number];

/**
 * Whose records a route's handler may touch once the caller is let in. The handler keeps to it; a record id the call
 * names goes through the record check of its kind (the server's access/records.ts).
 */
export const RECORD_SCOPES = {
  none: 'no customer record: sign-in, settings of the portal, the catalogue of products',
  ownAccount: "the caller's own account: profile, password, preferences, avatar, saved views",
  customer: "the session customer's records: sites, work orders, reservations, contracts, notifications",
  customerEquipment:
    "the session customer's instruments that are not hidden (provider staff: hidden ones too), with their files",
  customerUsers: "the session customer's users; every customer's in admin mode",
  ownOrCustomerUsers:
    "the caller's own account; other users of the session customer for a manager or admin holding USER_MANAGEMENT, every customer's in admin mode",
  anyCustomer: "every customer's records (provider staff's administration)",
  customerOrAnyForStaff:
    "the session customer's records; every customer's for provider staff (searches across customers)",
} as const;
export type RecordScope = keyof typeof RECORD_SCOPES;

/** Who may call a route: its declaration in the route's `metadata.access`. */
export interface Access {
  /** anyone: no session needed (signed out or in); signedIn: any signed-in user; providerStaff: PE users only. */
  caller: 'anyone' | 'signedIn' | 'providerStaff';
  /** Role at least this; provider staff count as admins (spec 1 section 6 "Admin"). */
  minRole?: 'manager' | 'admin';
  /** An access code of the user's privilege list. */
  accessCode?: AccessCode;
  /** A feature the user and the session customer both have… */
  feature?: Feature;
  /** …with at least one of these function codes. */
  functions?: readonly FunctionCode[];
  /**
   * Admin mode (the same API under /admin/api, open to holders of PORTAL_ADMIN only) stands in for `accessCode` and
   * widens the record scope to every customer.
   */
  adminModeWidens?: true;
  scope: RecordScope;
  /**
   * A stricter access for calls naming a value in a field of their body or query (POST Equipment/list with
   * listType productsManagement is provider staff's): the value's access replaces this one.
   */
  variant?: { field: string; access: Readonly<Record<string, Omit<Access, 'variant'>>> };
  /** How the call relates to the page it comes from (the server's page-session check). */
  page?: {
    /** Signing in and out: not compared with the page's user or customer. */
    signInOrOut?: true;
    /** Switching the customer: not compared with the page's customer. */
    acrossCustomers?: true;
    /** May be called before the profile is complete (the user has no location yet). */
    profileCompletion?: true;
  };
}

/** Route metadata of this contract. */
export interface RouteMetadata {
  access: Access;
  /**
   * A POST that only reads (a list, a count, suggestions, an export): like every GET it may be answered from a read
   * replica (the server's db/readRouting.ts).
   */
  readsOnly?: true;
}

/** The route changes nothing: a GET, or a POST declared `readsOnly`. */
export const readsOnlyRoute = (route: AppRoute): boolean =>
  route.method === 'GET' || (route.metadata as Partial<RouteMetadata> | undefined)?.readsOnly === true;

/** `metadata` of a POST that only reads. */
export const readsOnly = (metadata: RouteMetadata): RouteMetadata => ({ ...metadata, readsOnly: true });

/** The access a route declares, or undefined for a route that declares none (a test refuses those). */
export function accessOf(route: AppRoute): Access | undefined {
  return (route.metadata as Partial<RouteMetadata> | undefined)?.access;
}

/** `metadata` of a route that anyone may call. */
export const anyone = (scope: RecordScope = 'none', page?: Access['page']): RouteMetadata => ({
  access: { caller: 'anyone', scope, ...(page ? { page } : {}) },
});
/** `metadata` of a route for signed-in users, with any further conditions. */
export const signedIn = (scope: RecordScope, more: Omit<Access, 'caller' | 'scope'> = {}): RouteMetadata => ({
  access: { caller: 'signedIn', scope, ...more },
});
/** `metadata` of a route for provider staff (PE users), with any further conditions. */
export const providerStaff = (scope: RecordScope, more: Omit<Access, 'caller' | 'scope'> = {}): RouteMetadata => ({
  access: { caller: 'providerStaff', scope, ...more },
});

/** The access that applies to a call with this body and query (see `variant`). */
export function accessFor(access: Access, args: { body?: unknown; query?: unknown }): Access {
  if (!access.variant) return access;
  const { field } = access.variant;
  const value =
    (args.body as Record<string, unknown> | null | undefined)?.[field] ??
    (args.query as Record<string, unknown> | null | undefined)?.[field];
  return (
    (typeof value === 'string' && Object.hasOwn(access.variant.access, value) && access.variant.access[value]) || access
  );
}

/** What is known of a signed-in caller when deciding. */
export interface CallerFacts {
  role: RoleId;
  isPEUser: boolean;
  /** The user's access codes (needed when the route names one, and in admin mode). */
  accessCodes: readonly string[];
  /** The user's features and function codes in the session customer (needed when the route names a feature). */
  privileges: readonly { feature: string; functions: readonly string[] }[];
}

export type Decision = { allowed: true } | { allowed: false; status: 401 | 403; reason: string };

const ALLOWED: Decision = { allowed: true };
const refuse = (status: 401 | 403, reason: string): Decision => ({ allowed: false, status, reason });

/** Whether the role is at least the one asked; provider staff count as admins. */
export const hasRole = (facts: Pick<CallerFacts, 'role' | 'isPEUser'>, min: 'manager' | 'admin') =>
  facts.isPEUser || facts.role >= (min === 'admin' ? ROLE.Admin : ROLE.Manager);

/** Whether the caller has the feature and, when functions are named, at least one of them. */
export function hasFeature(
  privileges: CallerFacts['privileges'],
  feature: Feature,
  anyOf: readonly FunctionCode[] = [],
): boolean {
  const granted = privileges.find((p) => p.feature === feature);
  return granted !== undefined && (anyOf.length === 0 || anyOf.some((f) => granted.functions.includes(f)));
}

/** Whether the facts the decision needs include the access codes, the privileges. */
export const needs = (access: Access, adminMode: boolean) => ({
  accessCodes: adminMode || access.accessCode !== undefined,
  privileges: access.feature !== undefined,
});

/**
 * The one decision of who may call a route: the server enforces it before any handler, the web hides what it
 * refuses. `facts` is null for a caller without a session.
 */
export function decide(access: Access, facts: CallerFacts | null, adminMode = false): Decision {
  if (access.caller === 'anyone' && !adminMode) return ALLOWED;
  if (facts === null) return refuse(401, 'Sign in first');
  if (adminMode && !facts.accessCodes.includes(AccessCode.Admin))
    return refuse(403, 'Admin mode needs the admin access code');
  if (access.caller === 'providerStaff' && !facts.isPEUser) return refuse(403, 'Only provider staff may do this');
  if (access.minRole && !hasRole(facts, access.minRole))
    return refuse(403, `Only ${access.minRole === 'admin' ? 'an admin' : 'a manager or admin'} may do this`);
  const codeWaived = adminMode && access.adminModeWidens;
  if (access.accessCode && !codeWaived && !facts.accessCodes.includes(access.accessCode))
    return refuse(403, `This needs the ${access.accessCode} access code`);
  if (access.feature && !hasFeature(facts.privileges, access.feature, access.functions ?? [])) {
    const functions = access.functions?.length ? ` with ${access.functions.join(' or ')}` : '';
    return refuse(403, `Needs the ${access.feature} feature${functions}`);
  }
  return ALLOWED;
}

/** Every route of a router with its dotted name (`equipment.list`). */
export function routesOf(router: AppRouter, prefix = ''): { name: string; route: AppRoute }[] {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [{ name: `${prefix}${key}`, route: value }] : routesOf(value, `${prefix}${key}.`),
  );
}
