import { z } from 'zod';
import { EMAIL_MAX } from '../../../../contract/limits';
import { SERVICE_REQUEST_MAX } from '../../../../contract/serviceCalls';
import { EMAIL_PATTERN, splitEmailList } from '../../../../contract/validation';
import { readLocal, writeLocal } from '../../lib/localSettings';

/**
 * The service request's e-mail save preference (spec 2 section 4: kept in local storage): whether the user wants the
 * notification addresses remembered and, if so, the addresses of the last request sent, offered on the next one.
 */
export interface RememberedEmails {
  remember: boolean;
  addresses: string[];
}

/** At most this many addresses are remembered. Chosen: not in spec. */
export const REMEMBERED_EMAILS_MAX = 20;

const NOTHING: RememberedEmails = { remember: false, addresses: [] };

/** Per user, so that colleagues sharing a browser do not see each other's lists. */
const keyOf = (userId: number) => `serviceRequestEmails.${userId}`;

const Stored = z.object({ remember: z.boolean(), addresses: z.array(z.unknown()).max(REMEMBERED_EMAILS_MAX) });

/**
 * The valid addresses of a list, each once, at most REMEMBERED_EMAILS_MAX of them and no longer together than the
 * request's notification list may be.
 */
export function boundedAddresses(candidates: readonly unknown[]): string[] {
  const kept: string[] = [];
  let length = 0;
  for (const candidate of candidates) {
    if (kept.length === REMEMBERED_EMAILS_MAX) break;
    if (typeof candidate !== 'string') continue;
    const address = candidate.trim();
    if (address.length > EMAIL_MAX || !EMAIL_PATTERN.test(address)) continue;
    if (kept.some((a) => a.toLowerCase() === address.toLowerCase())) continue;
    const added = length + (kept.length > 0 ? 2 : 0) + address.length;
    if (added > SERVICE_REQUEST_MAX.requestEmail) break;
    kept.push(address);
    length = added;
  }
  return kept;
}

/** What is stored for the user; anything that is not a stored preference reads as none. */
export function parseRemembered(value: unknown): RememberedEmails {
  const parsed = Stored.safeParse(value);
  if (!parsed.success) return NOTHING;
  return parsed.data.remember ? { remember: true, addresses: boundedAddresses(parsed.data.addresses) } : NOTHING;
}

export const readRememberedEmails = (userId: number): RememberedEmails =>
  parseRemembered(readLocal<unknown>(keyOf(userId), null));

/** After a request is sent: the preference, and with it the list's addresses (without `leaveOut`), or none. */
export function storeRememberedEmails(userId: number, remember: boolean, list: string, leaveOut: readonly string[]) {
  const left = new Set(leaveOut.map((a) => a.toLowerCase()));
  const addresses = remember ? boundedAddresses(splitEmailList(list).filter((a) => !left.has(a.toLowerCase()))) : [];
  writeLocal<RememberedEmails>(keyOf(userId), { remember, addresses });
}
