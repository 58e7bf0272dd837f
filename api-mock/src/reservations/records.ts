import type { Kysely } from 'kysely';
import { MessageKey } from '../../../contract/errors';
import type { Database } from '../db/schema';
import { badRequest, forbidden, HttpProblem } from '../lib/problem';
import { reservationOf, type StoredReservation } from './queries';

/** A reservation of the caller's customer, or undefined: another customer's id finds nothing. */
export const findReservation = (db: Kysely<Database>, reach: { customerId: number }, id: number) =>
  reservationOf(db, reach.customerId, id);

/** A reservation of the caller's customer, else 404, so another customer's id reveals nothing. */
export async function requireReservation(
  db: Kysely<Database>,
  reach: { customerId: number },
  id: number,
): Promise<StoredReservation> {
  const row = await findReservation(db, reach, id);
  if (!row) throw new HttpProblem(404, `No reservation ${id}`);
  return row;
}

/** Only the reserver changes a reservation. */
export function requireReserver(actor: { userId: number }, stored: StoredReservation): void {
  if (stored.reserved_by !== actor.userId) throw forbidden('Only the reserver may change a reservation');
}

/**
 * The reserver deletes a reservation; an admin deletes another user's one that has not started, with a comment
 * (mailed to the reserver). Answers whether the reserver deletes.
 */
export function requireMayDelete(
  actor: { userId: number; isAdmin: boolean },
  stored: StoredReservation,
  comments: string | undefined,
  now: Date,
): boolean {
  if (stored.reserved_by === actor.userId) return true;
  if (!actor.isAdmin) throw forbidden('Only the reserver or an admin may delete a reservation');
  if (stored.start_date <= now) throw forbidden('A reservation that has started can only be deleted by its reserver');
  if (!comments) throw badRequest(MessageKey.requiredField);
  return false;
}
