import { createContext, useContext } from 'react';
import type { CallerFacts } from '../../../contract/access';
import { AccessCode } from '../../../contract/permissions';
import type { LoggedInUser } from '../../../contract/users';
import type { Privileges } from './privileges';

export interface CurrentSession {
  user: LoggedInUser;
  /** Admin mode (spec 1 section 2): its own base path and API prefix. */
  adminMode: boolean;
  /** Base of the portal's pages in the current mode: /app or /admin. */
  base: string;
  /** Paths (under the base) of the pages this user may open in this mode. */
  pages: readonly string[];
  /** The user's features and function codes in the current customer. */
  privileges: Privileges;
  /** What the server decides a call by (lib/access). */
  facts: CallerFacts;
}

export const CurrentSessionContext = createContext<CurrentSession | null>(null);

/** The signed-in user and mode; only inside the signed-in portal. */
export function useCurrentSession(): CurrentSession {
  const session = useContext(CurrentSessionContext);
  if (!session) throw new Error('useCurrentSession outside the signed-in portal');
  return session;
}

export const hasAccessCode = (user: LoggedInUser, code: string) => user.privilege.some((p) => p.accessCode === code);

/** Admin mode is for provider staff and whoever holds the admin access code. */
export const maySwitchToAdmin = (user: LoggedInUser) => user.isPEUser || hasAccessCode(user, AccessCode.Admin);
