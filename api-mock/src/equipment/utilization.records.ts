import type { Kysely } from 'kysely';
import type { Actor } from '../access/actor';
import type { Database } from '../db/schema';
import { forbidden } from '../lib/problem';
import { hasAssetMonitoringSite } from './utilization.queries';

/**
 * Only a customer with an asset-monitoring site sees utilization (spec 2 section 6); the others get 403. A condition
 * of the session's customer record, not of the user's privileges, so the access vocabulary does not name it.
 */
export async function requireAssetMonitoringSite(db: Kysely<Database>, actor: Actor): Promise<void> {
  if (!(await hasAssetMonitoringSite(db, actor.customerId))) {
    throw forbidden('The customer has no asset-monitoring site');
  }
}

/** The detail calls name the customer; it must be the caller's own. */
export function requireOwnCustomer(actor: Actor, customerId: number): void {
  if (customerId !== actor.customerId) throw forbidden('Another customer');
}
