import type { AppRoute } from '@ts-rest/core';
import { accessFor, accessOf, decide, type CallerFacts } from '../../../contract/access';
import type { RoleId } from '../../../contract/limits';
import type { LoggedInUser } from '../../../contract/users';
import { useCurrentSession } from './currentUser';
import type { Privileges } from './privileges';

/** The body or query of a call, for a route whose access depends on one of their values (`variant`). */
export type CallArgs = { body?: unknown; query?: unknown };

/** What the server knows of the signed-in user when it decides: users/me and the current customer's privileges. */
export const callerFactsOf = (user: LoggedInUser, privileges: Privileges): CallerFacts => ({
  role: user.role as RoleId,
  isPEUser: user.isPEUser,
  accessCodes: user.privilege.map((p) => p.accessCode),
  privileges,
});

/** Whether the server would let this caller call the route: its declaration decided as the server decides it. */
export function mayCall(route: AppRoute, facts: CallerFacts, adminMode: boolean, args: CallArgs = {}): boolean {
  const access = accessOf(route);
  return access !== undefined && decide(accessFor(access, args), facts, adminMode).allowed;
}

/** Whether the signed-in user may call the route in the current mode: what menus, buttons and pages show. */
export function useMayCall(route: AppRoute, args?: CallArgs): boolean {
  const { facts, adminMode } = useCurrentSession();
  return mayCall(route, facts, adminMode, args);
}
